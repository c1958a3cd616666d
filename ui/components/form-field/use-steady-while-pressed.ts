import { useEffect, useState } from "react";
import { afterPointerRelease, isPointerPressed, trackPointerPresses } from "./pointer-press";

/**
 * `value` as a field shows it: while a pointer is pressed the one shown before stays, and the new
 * one follows the release, so that a message appearing or going (the blur of the field just left
 * comes with the press on the submit button) never moves the control being clicked. Messages
 * are not given a reserved line each (a phone's form would be a third longer), nor checked only
 * when the focus goes elsewhere than the submit button (Safari does not focus a clicked button,
 * and a checkbox or a link below moves the same).
 */
export function useSteadyWhilePressed<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const held = shown !== value && isPointerPressed();
  if (!held && shown !== value) setShown(value);
  useEffect(trackPointerPresses, []);
  useEffect(() => (held ? afterPointerRelease(() => setShown(value)) : undefined), [held, value]);
  return held ? shown : value;
}
