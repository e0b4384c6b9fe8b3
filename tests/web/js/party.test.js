// Computers at one table are told apart by their first names.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";

import { makeTranslator } from "../../../src/tablier/web/js/i18n.js";
import { seatName } from "../../../src/tablier/web/js/views/names.js";

const fr = makeTranslator(JSON.parse(readFileSync(new URL("../../../src/tablier/web/i18n/fr.json", import.meta.url))));
fr.lang = "fr";

test("two computers at one table have different names that say what they are", () => {
  const seats = [
    { kind: "human", name: "Ana" },
    { kind: "computer", level: "medium", name: "Camille" },
    { kind: "computer", level: "medium", name: "Dominique" },
  ];
  const names = seats.map((_, i) => seatName(fr, { id: "quiadiquoi" }, seats, i));
  assert.deepEqual(names, ["Ana", "Ordinateur Camille (moyen)", "Ordinateur Dominique (moyen)"]);
  // a single unnamed computer keeps its short name
  assert.equal(seatName(fr, { id: "x" }, [{ kind: "computer", level: "medium" }], 0), "Ordinateur (moyen)");
});

