import ts from "typescript";
import { parseSource, typeScriptSourcesUnder } from "./typescript-sources";

/** The calls that define properties by descriptor, and which argument holds the descriptor(s). */
const DEFINERS = new Map([
  ["Object.defineProperty", { argument: 2, many: false }],
  ["Reflect.defineProperty", { argument: 2, many: false }],
  ["Object.defineProperties", { argument: 1, many: true }],
]);

const ACCESSOR_KEYS = new Set(["get", "set"]);

/** Whether a descriptor may hold a getter or setter: one written out says; any other may. */
function mayDefineAccessor(descriptor: ts.Expression | undefined, file: ts.SourceFile): boolean {
  if (!descriptor || !ts.isObjectLiteralExpression(descriptor)) return true;
  return descriptor.properties.some((property) => property.name !== undefined && ACCESSOR_KEYS.has(property.name.getText(file)));
}

function definesAccessor(call: ts.CallExpression, file: ts.SourceFile): boolean {
  const definer = DEFINERS.get(call.expression.getText(file));
  if (!definer) return false;
  const argument = call.arguments[definer.argument];
  if (!definer.many) return mayDefineAccessor(argument, file);
  if (!argument || !ts.isObjectLiteralExpression(argument)) return true;
  return argument.properties.some((property) => !ts.isPropertyAssignment(property) || mayDefineAccessor(property.initializer, file));
}

/**
 * Accessors given to objects as they are made: a getter or setter in an object literal
 * (`{ get size() { … } }`), or in a descriptor passed to `Object.defineProperty(ies)` /
 * `Reflect.defineProperty`. A getter made anew for each object gives each object a hidden class of
 * its own; hidden classes live in the old generation until a full collection, and a young
 * collection keeps what they point to, so the getter's variables are promoted with it (on Node 20:
 * 39 KB promoted per object holding 24 KB, none with a shared getter; Vike's own per-render getters
 * promote a third of a dashboard's 70 KB, docs/performance-log.md). Whether a descriptor's function
 * is shared cannot be told from the syntax, so every one is found; a class's accessors are shared
 * by its instances and are not.
 */
export function perObjectAccessorsIn(source: string, fileName = "file.tsx"): string[] {
  const { file, where } = parseSource(source, fileName);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && node.properties.some((property) => ts.isGetAccessorDeclaration(property) || ts.isSetAccessorDeclaration(property))) {
      found.push(where(node));
    } else if (ts.isCallExpression(node) && definesAccessor(node, file)) {
      found.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every such accessor in the TypeScript files under `folder` (relative to the repository). */
export function perObjectAccessorsUnder(folder: string): string[] {
  return typeScriptSourcesUnder(folder).flatMap(({ path, source }) => perObjectAccessorsIn(source, path));
}
