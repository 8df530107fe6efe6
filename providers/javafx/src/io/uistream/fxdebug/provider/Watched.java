package io.uistream.fxdebug.provider;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.Observable;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.*;

/** What the provider protocol reports of a node, as the observables that change it. */
final class Watched {
  private Watched() {}

  static List<Observable> of(Node n) {
    List<Observable> watched = new ArrayList<>(List.of(
        n.visibleProperty(), n.disabledProperty(), n.focusedProperty(), n.boundsInParentProperty()));
    if (n instanceof Labeled lb) watched.add(lb.textProperty());
    if (n instanceof TextInputControl t) watched.add(t.textProperty());
    if (n instanceof javafx.scene.text.Text t) watched.add(t.textProperty());
    if (n instanceof CheckBox c) watched.addAll(List.of(c.selectedProperty(), c.indeterminateProperty()));
    if (n instanceof ToggleButton t) watched.add(t.selectedProperty());
    if (n instanceof Slider s) watched.add(s.valueProperty());
    if (n instanceof TitledPane tp) watched.add(tp.expandedProperty());
    if (n instanceof ComboBoxBase<?> cb) watched.add(cb.valueProperty());
    return watched;
  }

  /** What changes the node's children as {@code Children.of} lists them. */
  static List<Observable> structure(Node n) {
    List<Observable> watched = new ArrayList<>();
    if (n instanceof Parent p) watched.add(p.getChildrenUnmodifiable());
    if (n instanceof ScrollPane sp) watched.add(sp.contentProperty());
    if (n instanceof TitledPane tp) watched.add(tp.contentProperty());
    if (n instanceof TabPane tabs) watched.add(tabs.getSelectionModel().selectedItemProperty());
    if (n instanceof SplitPane sp) watched.add(sp.getItems());
    if (n instanceof ToolBar tb) watched.add(tb.getItems());
    if (n instanceof Accordion a) watched.add(a.getPanes());
    if (n instanceof ButtonBar bb) watched.add(bb.getButtons());
    return watched;
  }
}
