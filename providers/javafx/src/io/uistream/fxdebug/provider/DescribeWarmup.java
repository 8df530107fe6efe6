package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Uids;
import io.uistream.fxdebug.core.capture.Stages;
import io.uistream.fxdebug.util.Json;
import java.util.List;
import java.util.Map;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Runs the code that describes nodes once on a detached sample scene, off the FX thread, before
 * the first snapshot. The first description otherwise loads and links some thirty control
 * classes the describing code names (instanceof checks against ListView, TreeTableView, ...)
 * and bootstraps its lambdas, which measured 15-30 ms of FX-thread CPU in one go; here it costs
 * the app nothing it can feel. JavaFX allows building and reading nodes on any thread while
 * they are not in a showing window, and the sample never is.
 */
final class DescribeWarmup {
  private DescribeWarmup() {}

  /** Enough nodes, twice over, that the JIT compiles the describing code before it is needed. */
  private static final int SAMPLE_ROWS = 60;
  private static final int ROUNDS = 2;

  static void run() {
    try {
      for (int i = 0; i < ROUNDS; i++) new SceneWatcher(new Uids(), m -> {}, false).warmUp(sample());
      Json.write(Map.of("nodes", List.of(NodeMapper.node(new Region(), "u-0", "w-0", List.of()))));
      Class.forName(Stages.class.getName(), true, DescribeWarmup.class.getClassLoader());
    } catch (RuntimeException | LinkageError | ClassNotFoundException e) {
      // Only a cost saving: the FX thread loads what is missing when it describes.
    }
  }

  private static VBox sample() {
    VBox root = new VBox();
    for (int i = 0; i < SAMPLE_ROWS; i++) {
      Label label = new Label("label " + i);
      label.setId("label-" + i);
      root.getChildren().addAll(label, new HBox(new Button("b"), new TextField("t"), new CheckBox("c")),
          new Slider(), new ScrollPane(new Region()));
    }
    // Virtualized controls: their rows are described by classes of their own (VirtualRows).
    List<String> items = new java.util.ArrayList<>();
    for (int i = 0; i < 4 * SAMPLE_ROWS; i++) items.add("item " + i);
    TreeItem<String> tree = new TreeItem<>("root");
    tree.setExpanded(true);
    for (int i = 0; i < SAMPLE_ROWS; i++) tree.getChildren().add(new TreeItem<>("leaf " + i));
    TableView<String> table = new TableView<>(FXCollections.observableArrayList(items));
    TableColumn<String, String> column = new TableColumn<>("c");
    column.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue()));
    table.getColumns().add(column);
    root.getChildren().addAll(new ListView<>(FXCollections.observableArrayList(items)), table, new TreeView<>(tree));
    return root;
  }
}
