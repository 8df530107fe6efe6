"""Tests of the simulated desktop (Editor, Settings) as a pytest user writes them: actions
through the `ui` fixture, then waiting assertions (no sleeps).
Run: python3 -m pytest examples/python
"""

import re

from uistream import Locator

TEXT = Locator(automation_id="editor.text")
TITLE = Locator(automation_id="editor.titlebar")
FILE_NAME = Locator(automation_id="saveas.name")


def test_typing_marks_the_document_modified(ui):
    ui.actions_type(target={"automationId": "editor.text"}, text="hello from pytest")
    ui.expect(TEXT).to_have_text(re.compile("hello from pytest"))
    ui.expect(TITLE).to_have_text(re.compile(r"^\*"))


def test_save_as_names_the_window(ui):
    ui.actions_keys(target={"automationId": "editor.text"}, keys="Ctrl+S")
    ui.expect(FILE_NAME).to_appear()
    ui.actions_set_value(target={"automationId": "saveas.name"}, value="notes.txt")
    ui.actions_click(target={"automationId": "saveas.save"})
    ui.expect(FILE_NAME).to_disappear()
    ui.expect(TITLE).to_have_text(re.compile(r"notes\.txt"))


def test_apply_is_enabled_by_a_change(ui):
    ui.actions_click(target={"automationId": "settings.tab.general"})
    ui.actions_click(target={"automationId": "settings.notifications"})
    ui.expect(Locator(automation_id="settings.apply")).to_be_enabled()
