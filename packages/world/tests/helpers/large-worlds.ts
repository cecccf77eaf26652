// The large worlds of the tests are the bench's: one generator of each shape.
export { generateWorld, type WorldSize } from "../../../urd/bench/generate-world.mjs";
export { chainWorld, slug } from "../../bench/chain-world.mjs";
