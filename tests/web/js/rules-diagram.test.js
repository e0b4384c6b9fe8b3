import assert from "node:assert/strict";
import { test } from "node:test";
import { readSpec } from "../../../src/tablier/web/js/rules-diagram.js";

const block = (text) => ({ textContent: text });

test("a diagram block's example is a JSON object, anything else is not drawn", () => {
  assert.deepEqual(readSpec(block('{"moves": ["i1h"], "highlight": "k1h"}')), { moves: ["i1h"], highlight: "k1h" });
  assert.equal(readSpec(block('["i1h"]')), null);
  assert.equal(readSpec(block("null")), null);
  assert.equal(readSpec(block("{moves: [i1h]}")), null);
});
