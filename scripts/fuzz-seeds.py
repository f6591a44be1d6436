#!/usr/bin/env python3
"""Writes the request byte literals of the parser tests out as libFuzzer seed files.

Usage: fuzz-seeds.py TESTS_DIR CORPUS_DIR
Every Swift string literal in TESTS_DIR/*.swift that looks like an HTTP request (contains
"HTTP/" and an escaped CRLF) becomes one file; Swift escapes (\\r \\n \\t \\0 \\" \\\\ \\u{..}) are
decoded; literals with interpolation are skipped.
"""
import hashlib, os, re, sys

tests, corpus = sys.argv[1], sys.argv[2]
os.makedirs(corpus, exist_ok=True)
literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
escape = re.compile(r'\\(u\{[0-9a-fA-F]+\}|.)')

def decode(s):
    def rep(m):
        e = m.group(1)
        if e.startswith('u{'):
            return chr(int(e[2:-1], 16))
        return {'r': '\r', 'n': '\n', 't': '\t', '0': '\0', '"': '"', '\\': '\\', "'": "'"}.get(e, None) or ('\\' + e)
    return escape.sub(rep, s).encode('utf-8')

count = 0
for name in sorted(os.listdir(tests)):
    if not name.endswith('.swift'):
        continue
    text = open(os.path.join(tests, name), encoding='utf-8').read()
    for m in literal.finditer(text):
        raw = m.group(1)
        if 'HTTP/' not in raw or '\\r\\n' not in raw or '\\(' in raw:
            continue
        data = decode(raw)
        path = os.path.join(corpus, 'seed-' + hashlib.sha1(data).hexdigest()[:16])
        with open(path, 'wb') as f:
            f.write(data)
        count += 1
print(f"seeds: {count} literals written to {corpus}")
