import { atMost, optionalText, requiredText } from "./text-field.schema";

/** The fields that several lead forms share beyond a person's (`field.schema.ts`). */
export const Message = requiredText("validation.message.required", atMost(5000, "validation.message.length"));
/** A message the form does not ask for (the job application's cover note). */
export const OptionalMessage = optionalText("validation.message.length", atMost(5000, "validation.message.length"));

/**
 * A story's uuid or slug, as a form's choices offer them (an event, a job offer). Whether the story
 * exists (an upcoming event, an open offer) is for the server to say; this only keeps anything else out.
 */
export const STORY_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}$/;
