'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { chosenDigest } = require('../gridsim-recorder.js');

// The straightforward definition, with BigInt, over bytes that TextEncoder made.
function referenceDigest(ids) {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(ids.map((id) => id + '\n').join(''))) {
    h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

test('the SPEC example and the empty selection', () => {
  assert.strictEqual(chosenDigest(['a', 'c', 'd']), 'd5cfd5289861a8f5');
  assert.strictEqual(chosenDigest([]), 'cbf29ce484222325');
});

test('fixed vectors, computed independently', () => {
  const vectors = [
    [['a'], '089bdc07b544e7b2'],
    [[''], 'af63c74c8601c8dd'],
    [['1', '2', '3'], 'fb3efa191b399257'],
    [['A08FF49B-6F77-2632-716C-43069C43A8C3/L0/001'], '0b99bd69f181fb8d'],
    [['\u00e9'], '5feb2d1c1dfb0cb1'], // é precomposed: two bytes
    [['e\u0301'], '17217b5d43ce4daf'], // é decomposed: another id, another digest
    [['\u65e5\u672c/L0/001'], '88a72f0b62f4c5a4'], // three-byte characters
    [['\u{1F600}'], '4d5bc6eed26a42e6'], // a surrogate pair: four bytes
    [['\u{1F469}\u200D\u{1F469}\u200D\u{1F467}', '\u00fc'], '303932094d23b38d'],
  ];
  for (const [ids, digest] of vectors) assert.strictEqual(chosenDigest(ids), digest, JSON.stringify(ids));
});

test('a lone surrogate is hashed as U+FFFD, as TextEncoder encodes it', () => {
  assert.strictEqual(chosenDigest(['\ud800']), chosenDigest(['\ufffd']));
  assert.strictEqual(chosenDigest(['x\udc00y']), chosenDigest(['x\ufffdy']));
  assert.strictEqual(chosenDigest(['\udbff']), 'af46c0e0782ef2c0');
});

test('agrees with BigInt FNV-1a over TextEncoder bytes on random ids', () => {
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const alphabet = ['a', 'Z', '0', '/', '\n', '\u00e9', '\u07ff', '\u0800', '\uffff', '\u{10000}', '\u{10ffff}', '\ud83d', '\ude00'];
  for (let round = 0; round < 500; round++) {
    const ids = Array.from({ length: next() % 6 }, () =>
      Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join(''));
    assert.strictEqual(chosenDigest(ids), referenceDigest(ids), JSON.stringify(ids));
  }
});

test('always 16 lowercase hex digits, leading zeros kept in both halves', () => {
  const digests = Array.from({ length: 2000 }, (_, n) => chosenDigest([String(n)]));
  for (const digest of digests) assert.match(digest, /^[0-9a-f]{16}$/);
  assert.ok(digests.some((d) => d.startsWith('0')) && digests.some((d) => d[8] === '0'));
  assert.deepStrictEqual(digests.slice(0, 50), Array.from({ length: 50 }, (_, n) => referenceDigest([String(n)])));
});
