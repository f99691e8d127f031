// Starts `wolfdsl lsp` (setting wolfdsl.command) for .wolf files; see docs/editors.md.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("wolfdsl").get("command", ["wolfdsl", "lsp"]);
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient("wolfdsl", "wolfdsl", server, {
    documentSelector: [{ scheme: "file", language: "wolf" }, { scheme: "untitled", language: "wolf" }],
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
