// Game options for people: each value by the label the game gives it.

import { pick } from "./i18n.js";

/** A value as people read it: its label from the game, else the value itself. */
export function valueLabel(option, value, lang) {
  const key = value == null ? "none" : String(value);
  const own = pick(option.value_labels?.[key] ?? {}, lang);
  if (own) return own;
  if (option.parts && typeof value === "string") return value.split(",").filter(Boolean).map((p) => valueLabel(option, p, lang)).join(", ");
  return key;
}
