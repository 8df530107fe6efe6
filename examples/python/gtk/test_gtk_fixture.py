"""The GTK fixture (test/fixtures/gtk/modal_app.py) driven over AT-SPI, as a pytest user writes
it. Needs the fixture running in a desktop session with accessibility on, then:
    python3 -m pytest examples/python/gtk --uistream-backend atspi
(npm test does this in a headless Xvfb session: test/clients/python/pytest-gtk.test.ts.)
"""

import re

import pytest

from uistream import Locator

WINDOW = "Modal fixture"
# The dialog's only button (the main window has none named OK).
DIALOG_OK = Locator(name="OK", control_type="Button", name_match="equals")


@pytest.fixture(autouse=True)
def fixture_window(ui):
    """The app may still be registering when the test starts: wait for its window, no sleep."""
    ui.expect(Locator(name=WINDOW, control_type="Window"), timeout=30).to_appear()


def test_typing_into_the_entry_shows_in_its_text(ui):
    # Two Edits: the one-line entry and the text view below it (the taller one).
    edits = ui.elements_find(window=WINDOW, control_type="Edit")["elements"]
    entry = min(edits, key=lambda e: e["rect"]["height"])
    ui.actions_type(target={"ref": entry["ref"]}, text="typed from pytest")
    ui.expect(Locator(ref=entry["ref"])).to_have_text("typed from pytest")


def test_the_button_opens_a_modal_dialog_that_ok_closes(ui):
    button = Locator(name="Run Modal", control_type="Button", window=WINDOW)
    ui.expect(button).to_be_enabled()
    ui.actions_click(target={"name": "Run Modal", "controlType": "Button", "window": WINDOW})
    ui.expect(DIALOG_OK).to_appear()
    ui.actions_click(target=DIALOG_OK.query())
    ui.expect(DIALOG_OK).to_disappear()


def test_selecting_in_the_combo_box_changes_its_text(ui):
    combo = {"window": WINDOW, "controlType": "ComboBox"}
    ui.actions_select(target=combo, option="Cherry")
    ui.expect(combo).to_have_text(re.compile("Cherry"))
