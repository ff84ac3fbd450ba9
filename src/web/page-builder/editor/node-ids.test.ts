import { describe, expect, it } from "vitest";
import { nodeId } from "#contract/page-builder/element-fields.ts";
import { newNodeId } from "./node-ids.ts";

describe("newNodeId", () => {
  it("gives ids the contract accepts, never the same twice", () => {
    const ids = Array.from({ length: 2000 }, () => newNodeId());
    for (const id of ids) expect(nodeId.safeParse(id).success).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
