// A game's own puzzle in the studio: a JavaScript module the designer picks (examples/js/geared-lock.mjs)
// exporting `puzzle` (the definition lp.Puzzle.custom takes), `start` and `name`. The page and the worker
// each load it from its source text, so that hints, Solve and Compare all run on it; a custom position's
// description is `custom:` and its bytes in hexadecimal, which only the module can turn back into a puzzle.

const loaded = new Map();

/** The module of `source` (imported once per source). */
export function loadModule(source) {
  if (!loaded.has(source)) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    loaded.set(source, import(url));
  }
  return loaded.get(source);
}

/** The studio's family entry for custom puzzles (not in the engine's registry: family id 0). */
export const CUSTOM_FAMILY = {
  id: 0,
  name: "custom",
  title: "custom",
  engine: "custom",
  summary: "a game's own puzzle (a JavaScript module)",
  ratingUnit: "moves",
  params: [],
  presets: [],
  options: [],
  reasons: [{ code: 1, name: "plan_step", doc: "the next move of the plan the engine found from here" }],
};

/** Parses any description: the registry's families, and `custom:HEX` with `module` (or says it needs one). */
export function parser(lp, module) {
  return (desc) => {
    if (!desc.startsWith("custom:")) return lp.Puzzle.parse(desc);
    if (!module) throw new Error("a custom puzzle needs its module: pick it with “Custom puzzle”");
    const hex = desc.slice("custom:".length);
    if (!/^([0-9a-f]{2})+$/.test(hex)) throw new Error(`custom:${hex}: the state is hexadecimal bytes`);
    const bytes = Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
    return lp.Puzzle.custom(module.puzzle, bytes);
  };
}
