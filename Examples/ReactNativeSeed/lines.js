'use strict';
// Splits a readable stream of UTF-8 text into lines, for the adapters. A request can be one
// very long line (a batch of thousands of events) that arrives over many chunks, and one
// chunk can hold many short requests; both cost one pass over the text. Bytes of a character
// split between chunks are joined by the stream's UTF-8 decoder.
//
// `onLines(lines)` gets the complete lines of each chunk, in order, without their "\n" (or
// "\r\n"); `onEnd()` runs when the stream ends, after a last line that had no "\n".

function readLines(input, onLines, onEnd) {
  input.setEncoding('utf8');
  let unfinished = []; // pieces of a line whose "\n" has not arrived yet
  const finish = (line) => (line.endsWith('\r') ? line.slice(0, -1) : line);
  input.on('data', (chunk) => {
    const lines = [];
    let from = 0;
    let newline = chunk.indexOf('\n');
    while (newline !== -1) {
      let line = chunk.slice(from, newline);
      if (unfinished.length > 0) {
        unfinished.push(line);
        line = unfinished.join('');
        unfinished = [];
      }
      lines.push(finish(line));
      from = newline + 1;
      newline = chunk.indexOf('\n', from);
    }
    if (from < chunk.length) unfinished.push(chunk.slice(from));
    if (lines.length > 0) onLines(lines);
  });
  input.on('end', () => {
    if (unfinished.length > 0) onLines([finish(unfinished.join(''))]);
    onEnd();
  });
}

module.exports = { readLines };
