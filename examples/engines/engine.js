#!/usr/bin/env node
// A complete Hadara engine in JavaScript, run by Node: it speaks the engine protocol
// (docs/engines.md) on standard input and output and plays, of its legal moves, the first
// that takes a colony, else carves a statue, else buys a medal, else drafts or picks a card.
//
//   hadara arena --engine js="node examples/engines/engine.js" --bots js,greedy --players 2
"use strict";
const readline = require("node:readline");

const order = ["take_colony", "carve_statue", "buy_gold", "buy_silver", "draft", "pick"];
const rank = (move) => {
  const at = order.indexOf(move.type);
  return at < 0 ? order.length : at;
};

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  const message = JSON.parse(line);
  let answer = null;
  if (message.type === "hello") {
    answer = { type: "ready", name: "eager" };
  } else if (message.type === "turn") {
    const best = [...message.legal].sort((a, b) => rank(a.move) - rank(b.move))[0];
    answer = { type: "move", move: best.notation };
  } else if (message.type === "quit") {
    process.exit(0);
  }
  if (answer !== null) process.stdout.write(JSON.stringify(answer) + "\n");
});
