import type { ComponentDefinition, ComponentField } from "./component-schema";

/**
 * A schema's texts in another language, keyed by the text as the schema has it (gettext's model):
 * Storyblok gives each component and field one display name, in the schema's own language.
 */
export type SchemaGlossary = Readonly<Record<string, string>>;

/** An option named by its own value is a name already (a song's title) or a notation (16:9). */
const isNamedByValue = (option: { readonly name: string; readonly value: string }) => option.name === option.value;

function translatedField(field: ComponentField, translate: (text: string) => string): ComponentField {
  return {
    ...field,
    ...(field.display_name ? { display_name: translate(field.display_name) } : {}),
    ...(field.description ? { description: translate(field.description) } : {}),
    ...(field.options ? { options: field.options.map((option) => (isNamedByValue(option) ? option : { ...option, name: translate(option.name) })) } : {}),
  };
}

/**
 * The components with the names editors see (components', fields', their hints and options') in
 * the glossary's language; what the glossary lacks stays as the schema has it. Nothing else
 * changes: content is stored under the fields' keys and the options' values.
 */
export function translateComponents(components: readonly ComponentDefinition[], glossary: SchemaGlossary): ComponentDefinition[] {
  const translate = (text: string) => (Object.hasOwn(glossary, text) ? glossary[text]! : text);
  return components.map((component) => ({
    ...component,
    ...(component.display_name ? { display_name: translate(component.display_name) } : {}),
    schema: Object.fromEntries(Object.entries(component.schema).map(([key, field]) => [key, translatedField(field, translate)])),
  }));
}

/** Every text of the components that a glossary translates, once each. */
export function schemaTexts(components: readonly ComponentDefinition[]): string[] {
  const texts = new Set<string>();
  for (const component of components) {
    if (component.display_name) texts.add(component.display_name);
    for (const field of Object.values(component.schema)) {
      if (field.display_name) texts.add(field.display_name);
      if (field.description) texts.add(field.description);
      for (const option of field.options ?? []) if (!isNamedByValue(option)) texts.add(option.name);
    }
  }
  return [...texts];
}
