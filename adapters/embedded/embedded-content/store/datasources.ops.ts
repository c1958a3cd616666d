import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Schema, SchemaIssue } from "effect";

/** A dimension of a datasource: `entry_value` is its code (`dimension=…`). */
const DatasourceDimension = Schema.Struct({ id: Schema.optionalKey(Schema.Int), name: Schema.String, entry_value: Schema.String });

/**
 * One datasource as `storyblok datasources pull` writes it in `datasources/<space>/*.json`: the
 * Management API's datasource with its entries, each entry's value per dimension in
 * `dimension_values` (keyed by the dimension's code).
 */
export const DatasourceFile = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  slug: Schema.String,
  dimensions: Schema.optionalKey(Schema.NullOr(Schema.Array(DatasourceDimension))),
  entries: Schema.optionalKey(
    Schema.NullOr(
      Schema.Array(
        Schema.Struct({
          id: Schema.Int,
          name: Schema.String,
          value: Schema.String,
          dimension_values: Schema.optionalKey(Schema.NullOr(Schema.Record(Schema.String, Schema.String))),
        }),
      ),
    ),
  ),
});
export type DatasourceFile = typeof DatasourceFile.Type;

/** The datasources of a space folder (none when there is no folder), and what could not be read. */
export function readDatasources(dir: string, spaceId: number): { readonly datasources: readonly DatasourceFile[]; readonly problems: readonly string[] } {
  const folder = join(dir, "datasources", String(spaceId));
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
  } catch {
    return { datasources: [], problems: [] };
  }
  const datasources: DatasourceFile[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const file = join(folder, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"));
    } catch (cause) {
      problems.push(`${file} is not valid JSON: ${(cause as Error).message}`);
      continue;
    }
    for (const [index, item] of (Array.isArray(parsed) ? parsed : [parsed]).entries()) {
      const result = Schema.decodeUnknownResult(DatasourceFile)(item, { errors: "all" });
      if (result._tag === "Success") datasources.push(result.success);
      else {
        const issues = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues;
        problems.push(`${file} [${index}] is not a Storyblok datasource, and is left out: ${issues.map((issue) => `${issue.path?.join(".") ?? ""}: ${issue.message}`).join("; ")}`);
      }
    }
  }
  return { datasources, problems };
}
