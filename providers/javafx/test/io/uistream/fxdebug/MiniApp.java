package io.uistream.fxdebug;

import io.uistream.fxdebug.core.fx.Fx;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/** The specification's mini app (section 14): Button + TextField + VBox, and a few more. */
final class MiniApp {
  Stage stage;
  VBox root;
  Button ok;
  TextField name;
  Label status;
  CheckBox agree;
  ListView<String> items;
  int clicks;

  static MiniApp start() throws Exception {
    MiniApp app = new MiniApp();
    CountDownLatch shown = new CountDownLatch(1);
    Platform.setImplicitExit(false);
    Platform.startup(
        () -> {
          app.build();
          app.stage.setOnShown(e -> shown.countDown());
          app.stage.show();
        });
    if (!shown.await(30, TimeUnit.SECONDS)) throw new IllegalStateException("the stage never showed");
    Fx.awaitUiIdle(5000);
    return app;
  }

  private void build() {
    ok = new Button("OK");
    ok.setId("ok");
    ok.getStyleClass().add("primary");
    status = new Label("ready");
    status.setId("status");
    ok.setOnAction(e -> status.setText("clicked " + (++clicks)));
    name = new TextField();
    name.setId("name");
    name.setPromptText("Name");
    agree = new CheckBox("Agree");
    agree.setId("agree");
    items = new ListView<>(FXCollections.observableArrayList());
    items.setId("items");
    for (int i = 0; i < 10_000; i++) items.getItems().add("item " + i);
    items.setPrefHeight(120);
    root = new VBox(8, ok, name, status, agree, items);
    root.setId("root");
    stage = new Stage();
    stage.setTitle("Mini");
    stage.setScene(new Scene(root, 360, 320));
  }
}
