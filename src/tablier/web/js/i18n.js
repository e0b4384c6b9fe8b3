// Message lookup: every text of the interface lives in i18n/<lang>.json.

export const LANGS = ["fr", "en"];
export const DEFAULT_LANG = "fr";

/** Look a dotted key up in a nested message object; params fill `{name}` slots. */
export function lookup(messages, key, params = {}) {
  let node = messages;
  for (const part of key.split(".")) {
    if (node == null || typeof node !== "object" || !(part in node)) return undefined;
    node = node[part];
  }
  if (typeof node === "object" && node !== null && "one" in node) {
    // a plural form: {one, other}, chosen by params.n
    node = Math.abs(Number(params.n)) === 1 ? node.one : node.other;
  }
  if (typeof node !== "string") return undefined;
  // French elides "de" and "que" before a vowel: "les options d'Ordinateur", not "de Ordinateur"
  const elided = node.replace(/(^|[^\p{L}])(de|que) \{(\w+)\}/gu, (whole, before, word, name) =>
    name in params && VOWEL.test(String(params[name])) ? `${before}${word.slice(0, -1)}'{${name}}` : whole,
  );
  return elided.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;

/** A translator over the chosen language's messages, falling back to another language. */
export function makeTranslator(messages, fallback = {}) {
  const t = (key, params) => lookup(messages, key, params) ?? lookup(fallback, key, params) ?? key;
  t.has = (key) => lookup(messages, key) !== undefined || lookup(fallback, key) !== undefined;
  return t;
}

/** The language to use: a remembered choice, else French. */
export function chooseLang(stored) {
  return LANGS.includes(stored) ? stored : DEFAULT_LANG;
}

/** A text given per language by the server ({fr, en}), in the wanted language. */
export function pick(texts, lang) {
  if (texts == null) return "";
  if (typeof texts === "string") return texts;
  return texts[lang] ?? texts[DEFAULT_LANG] ?? Object.values(texts)[0] ?? "";
}
