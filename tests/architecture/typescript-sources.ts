import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { ROOT } from "./import-rules";

/** A source parsed for a rule that reads syntax, and a node's place in it as `file:line`. */
export interface ParsedSource {
  readonly file: ts.SourceFile;
  readonly where: (node: ts.Node) => string;
}

/** Parses `source` as TSX or TypeScript, as `fileName` says. */
export function parseSource(source: string, fileName: string): ParsedSource {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  return { file, where: (node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}` };
}

/** The TypeScript files under `folder` (relative to the repository), declarations aside, each with its path from the repository. */
export function typeScriptSourcesUnder(folder: string): { path: string; source: string }[] {
  const paths = readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" }).filter((path) => /\.tsx?$/.test(path) && !path.endsWith(".d.ts"));
  return paths.map((path) => ({ path: relative(ROOT, join(ROOT, folder, path)), source: readFileSync(join(ROOT, folder, path), "utf8") }));
}
