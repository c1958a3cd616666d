import { Schema } from "effect";
import { ContentVersion } from "../../../../core";
import { FILTER_OPERATIONS } from "../store/story-query.ops";

// Query parameters of the embedded Content Delivery API, as Storyblok v2 documents them per
// endpoint. As on Storyblok, a parameter the endpoint does not know answers 422 naming it; a
// documented one this API cannot honour (UNSUPPORTED) answers 422 saying why, never ignored; a
// bad value answers 422.

const IntFromString = (minimum: number, maximum: number) =>
  Schema.FiniteFromString.pipe(
    Schema.check(Schema.isInt({ message: "must be an integer" }), Schema.isBetween({ minimum, maximum }, { message: `must be between ${minimum} and ${maximum}` })),
  );

const listOf = (item: string, what: string) =>
  Schema.String.pipe(Schema.check(Schema.isPattern(new RegExp(`^${item}(,${item})*$`), { message: `must be a comma-separated list of ${what}` })));

const UUID = "[0-9A-Za-z-]+";
const FIELD = "[A-Za-z0-9_-]+";
const SORT = `[A-Za-z0-9_.-]+:(asc|desc)(:(int|float))?(:(nulls_first|nulls_last))?`;

const UuidList = listOf(UUID, "uuids");
const IdList = listOf("\\d+", "ids");
const FieldList = listOf(FIELD, "field names");
const RelationList = listOf(`(\\*|${FIELD})\\.${FIELD}`, '"component.field" pairs');
const SortList = listOf(SORT, '"field:asc|desc[:int|float][:nulls_first|nulls_last]" keys');
const DateText = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, { message: 'must be a date as "YYYY-mm-dd HH:MM"' })),
);
const Boolean01 = Schema.Literals(["0", "1", "true", "false"]);
const ComponentName = Schema.String.pipe(Schema.check(Schema.isPattern(new RegExp(`^${FIELD}$`), { message: "must be a component name" })));

/** published_at, first_published_at and updated_at, each with _gt, _gte, _lt and _lte. */
export const DATE_BOUND_FIELDS = ["published_at", "first_published_at", "updated_at"] as const;
export const DATE_BOUND_OPERATIONS = ["gt", "gte", "lt", "lte"] as const;
const dateBoundParams = Object.fromEntries(
  DATE_BOUND_FIELDS.flatMap((field) => DATE_BOUND_OPERATIONS.map((operation) => [`${field}_${operation}`, Schema.optionalKey(DateText)])),
) as Record<`${(typeof DATE_BOUND_FIELDS)[number]}_${(typeof DATE_BOUND_OPERATIONS)[number]}`, Schema.optionalKey<typeof DateText>>;

const common = {
  token: Schema.optionalKey(Schema.String),
  version: Schema.optionalKey(ContentVersion),
  cv: Schema.optionalKey(IntFromString(0, Number.MAX_SAFE_INTEGER)),
};

const storyCommon = (languages: readonly string[]) => ({
  ...common,
  language: Schema.optionalKey(Schema.Literals(["default", "es", ...languages])),
  fallback_lang: Schema.optionalKey(Schema.Literals(["default", "es", ...languages])),
  resolve_relations: Schema.optionalKey(RelationList),
  resolve_links: Schema.optionalKey(Schema.Literals(["story", "url", "link", "0", "1"])),
  resolve_level: Schema.optionalKey(IntFromString(0, 2)),
  resolve_links_level: Schema.optionalKey(IntFromString(1, 2)),
  excluding_fields: Schema.optionalKey(FieldList),
  excluding_story_fields: Schema.optionalKey(FieldList),
});

/** `GET /stories/{full_slug | id | uuid}`. */
export const storyParams = (languages: readonly string[]) =>
  Schema.Struct({ ...storyCommon(languages), find_by: Schema.optionalKey(Schema.Literal("uuid")), content_type: Schema.optionalKey(ComponentName) });
export type StoryParams = ReturnType<typeof storyParams>["Type"];

/** `GET /stories`. */
export const storiesParams = (languages: readonly string[]) =>
  Schema.Struct({
    ...storyCommon(languages),
    page: Schema.optionalKey(IntFromString(1, 1_000_000)),
    per_page: Schema.optionalKey(IntFromString(1, 100)),
    starts_with: Schema.optionalKey(Schema.String),
    by_uuids: Schema.optionalKey(UuidList),
    by_uuids_ordered: Schema.optionalKey(UuidList),
    by_slugs: Schema.optionalKey(Schema.String),
    excluding_slugs: Schema.optionalKey(Schema.String),
    excluding_ids: Schema.optionalKey(IdList),
    by_ids: Schema.optionalKey(IdList),
    content_type: Schema.optionalKey(ComponentName),
    sort_by: Schema.optionalKey(SortList),
    is_startpage: Schema.optionalKey(Boolean01),
    with_tag: Schema.optionalKey(Schema.String),
    search_term: Schema.optionalKey(Schema.String),
    level: Schema.optionalKey(IntFromString(1, 100)),
    ...dateBoundParams,
  });
export type StoriesParams = ReturnType<typeof storiesParams>["Type"];

/** `GET /links`: paged by default (25, up to 1000 a page), as for spaces created since May 2023. */
export const LinksParams = Schema.Struct({
  ...common,
  starts_with: Schema.optionalKey(Schema.String),
  by_uuid: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isPattern(new RegExp(`^${UUID}$`), { message: "must be a uuid" })))),
  with_parent: Schema.optionalKey(IntFromString(0, Number.MAX_SAFE_INTEGER)),
  include_dates: Schema.optionalKey(Boolean01),
  paginated: Schema.optionalKey(Boolean01),
  page: Schema.optionalKey(IntFromString(1, 1_000_000)),
  per_page: Schema.optionalKey(IntFromString(1, 1000)),
});
export type LinksParams = typeof LinksParams.Type;

/** `GET /links/{uuid}`. */
export const LinkParams = Schema.Struct({ ...common, include_dates: Schema.optionalKey(Boolean01) });

/** `GET /datasources`. */
export const DatasourcesParams = Schema.Struct({
  ...common,
  search: Schema.optionalKey(Schema.String),
  by_ids: Schema.optionalKey(IdList),
  page: Schema.optionalKey(IntFromString(1, 1_000_000)),
  per_page: Schema.optionalKey(IntFromString(1, 1000)),
});

/** `GET /datasources/{id | slug}`. */
export const DatasourceParams = Schema.Struct(common);

/** `GET /datasource_entries`: up to 1000 a page, as for datasource entries on Storyblok. */
export const DatasourceEntriesParams = Schema.Struct({
  ...common,
  datasource: Schema.optionalKey(Schema.String),
  dimension: Schema.optionalKey(Schema.String),
  page: Schema.optionalKey(IntFromString(1, 1_000_000)),
  per_page: Schema.optionalKey(IntFromString(1, 1000)),
});

/** `GET /tags` (storyblok.com/docs/api/content-delivery/v2/tags/retrieve-multiple-tags). */
export const TagsParams = Schema.Struct({ ...common, starts_with: Schema.optionalKey(Schema.String) });

/** `GET /assets/me`: an asset token and the asset's URL (storyblok.com/docs/api/content-delivery/v2/assets/get-signed-url). */
export const AssetParams = Schema.Struct({ token: Schema.optionalKey(Schema.String), filename: Schema.optionalKey(Schema.String) });

/** `GET /spaces/me`. */
export const SpaceParams = Schema.Struct(common);

/**
 * Documented parameters this API cannot honour, and why: each answers 422 rather than being
 * ignored, so that code written for Storyblok learns it gets something else here.
 */
export const UNSUPPORTED_PARAMETERS: Readonly<Record<string, string>> = {
  from_release: "the embedded content has no releases",
  in_workflow_stages: "the embedded content has no workflow stages",
  resolve_assets: "the embedded API does not attach asset objects to stories (the images and their asset objects are served under /a/)",
  only_variants: "the embedded content has no experiments",
};

/** The names an endpoint's schema declares, for telling unknown parameters apart. */
export function parameterNames(schema: { readonly fields: Readonly<Record<string, unknown>> }): ReadonlySet<string> {
  return new Set(Object.keys(schema.fields));
}

/** One `filter_query[field][operation]=value` (or one inside `filter_query[__or][i]`). */
export const FilterQueryCondition = Schema.Struct({
  field: Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, { message: "must name a content field" }))),
  operation: Schema.Literals(FILTER_OPERATIONS),
  value: Schema.String,
  /** The `__or` alternative it belongs to; absent for the conditions that must all hold. */
  group: Schema.optionalKey(Schema.String),
});
export const FilterQuery = Schema.Array(FilterQueryCondition);
export type FilterQueryCondition = typeof FilterQueryCondition.Type;

export function isTrue(value: "0" | "1" | "true" | "false" | undefined): boolean | undefined {
  return value === undefined ? undefined : value === "1" || value === "true";
}
