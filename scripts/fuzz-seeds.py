#!/usr/bin/env python3
"""Writes libFuzzer seed files for scripts/fuzz.sh from the project's own tests (and the shared corpus).

Usage: fuzz-seeds.py http CORPUS_DIR TESTS_DIR
       fuzz-seeds.py skin CORPUS_DIR MAX_LEN SOURCE...

http: every Swift string literal in TESTS_DIR/*.swift that looks like an HTTP request (contains
"HTTP/" and an escaped CRLF) becomes one file; Swift escapes (\\r \\n \\t \\0 \\" \\\\ \\u{..}) are
decoded; literals with interpolation are skipped.

skin: every Swift string literal (multi-line and raw included) under a SOURCE folder that reads as
a JSON object becomes one file, as does every *.json file under a SOURCE folder of at most MAX_LEN
bytes; a DTCG resolver document is also written as the bundle `livery publish` sends
({"resolver": ..., "files": {...}}, TokenSetPacking.bundle) when its files are present and the bundle
fits MAX_LEN. Pairs of small seeds joined by a NUL byte (the fuzzer's parent and child) are added.
Files are read where they are, never copied into the repository.
"""
import hashlib, json, os, re, sys

escape = re.compile(r'\\(u\{[0-9a-fA-F]+\}|.)')


def decode(s):
    def rep(m):
        e = m.group(1)
        if e.startswith('u{'):
            return chr(int(e[2:-1], 16))
        return {'r': '\r', 'n': '\n', 't': '\t', '0': '\0', '"': '"', '\\': '\\', "'": "'"}.get(e, None) or ('\\' + e)
    return escape.sub(rep, s)


class Corpus:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0
        os.makedirs(folder, exist_ok=True)

    def write(self, data):
        path = os.path.join(self.folder, 'seed-' + hashlib.sha1(data).hexdigest()[:16])
        with open(path, 'wb') as f:
            f.write(data)
        self.count += 1


def swift_files(folder):
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith('.swift'):
                yield os.path.join(root, name)


def http_seeds(corpus, tests):
    literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
    for path in swift_files(tests):
        for m in literal.finditer(open(path, encoding='utf-8').read()):
            raw = m.group(1)
            if 'HTTP/' not in raw or '\\r\\n' not in raw or '\\(' in raw:
                continue
            corpus.write(decode(raw).encode('utf-8'))


def swift_json_literals(text):
    """The JSON objects written as Swift string literals in `text`."""
    multi = re.compile(r'(#*)"""[ \t]*\n(.*?)\n([ \t]*)"""\1', re.S)
    for m in multi.finditer(text):
        hashes, body, indent = m.group(1), m.group(2), m.group(3)
        if ('\\' + hashes + '(') in body:
            continue
        lines = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in body.split('\n')]
        body = '\n'.join(lines)
        yield body if hashes else decode(body.replace('\\\n', ''))
    for m in re.finditer(r'(?<![#"])"((?:[^"\\\n]|\\.)*)"', text):
        raw = m.group(1)
        if raw.startswith('{') and '\\(' not in raw:
            yield decode(raw)


def json_object(text):
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def resolver_bundle(path):
    """The publish body of a resolver document and its files, or None when a file is missing."""
    raw = open(path, 'rb').read()
    try:
        resolver = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(resolver, dict) or 'resolutionOrder' not in resolver:
        return None
    files = []

    def walk(value):
        if isinstance(value, dict):
            ref = value.get('$ref')
            if isinstance(ref, str) and not ref.startswith('#'):
                name = ref.split('#')[0]
                if name and name not in [f for f, _ in files]:
                    full = os.path.normpath(os.path.join(os.path.dirname(path), name))
                    if not os.path.isfile(full):
                        raise FileNotFoundError(full)
                    files.append((name, open(full, 'rb').read()))
            for member in value.values():
                walk(member)
        elif isinstance(value, list):
            for member in value:
                walk(member)
    try:
        walk(resolver)
    except FileNotFoundError:
        return None
    parts = [b'"resolver":' + raw]
    parts.append(b'"files":{' + b','.join(json.dumps(name).encode() + b':' + content for name, content in files) + b'}')
    return b'{' + b','.join(parts) + b'}'


def skin_seeds(corpus, max_len, sources):
    small = []

    def keep(data):
        if len(data) <= max_len:
            corpus.write(data)
            if len(data) <= max_len // 4:
                small.append(data)

    for source in sources:
        if not os.path.isdir(source):
            print(f"seeds: {source} is absent, skipped")
            continue
        for path in swift_files(source):
            for text in swift_json_literals(open(path, encoding='utf-8').read()):
                if json_object(text):
                    keep(text.encode('utf-8'))
        for root, _, names in os.walk(source):
            for name in sorted(names):
                path = os.path.join(root, name)
                if not name.endswith('.json') or name in ('MANIFEST.json', 'expectations.json', 'index.json'):
                    continue
                if name.endswith('.resolver.json'):
                    bundle = resolver_bundle(path)
                    if bundle is not None and len(bundle) <= max_len:
                        keep(bundle)
                if os.path.getsize(path) <= max_len:
                    keep(open(path, 'rb').read())
    # A parent and a child: each small seed after the one before it.
    small.sort(key=lambda data: hashlib.sha1(data).digest())
    for parent, child in list(zip(small, small[1:]))[:200]:
        corpus.write(parent + b'\0' + child)


kind, folder = sys.argv[1], sys.argv[2]
corpus = Corpus(folder)
if kind == 'http':
    http_seeds(corpus, sys.argv[3])
elif kind == 'skin':
    skin_seeds(corpus, int(sys.argv[3]), sys.argv[4:])
else:
    sys.exit(f"unknown seed kind {kind!r} (http or skin)")
print(f"seeds: {corpus.count} written to {folder}")
