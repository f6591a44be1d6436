"""OpenFeature's own Python SDK and OFREP provider (PyPI's `openfeature-sdk` and
`openfeature-provider-ofrep`) reading a look from a real `livery serve` (docs/api.md, "OFREP").

The provider type-checks the JSON it parses: `get_float_value` of a value written `2` (a Python int)
is TYPE_MISMATCH, so Livery writes a `number` token's value as a double (`2.0`) whatever it is.

Run: scripts/openfeature-tests.sh (installs the two packages when missing; .ci/run calls it).
"""

import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Browser"))
from livery_harness import LiveryProcess  # noqa: E402

from openfeature import api  # noqa: E402
from openfeature.contrib.provider.ofrep import OFREPProvider  # noqa: E402
from openfeature.evaluation_context import EvaluationContext  # noqa: E402
from openfeature.exception import ErrorCode  # noqa: E402

# The default channel follows the demo skin's latest version, so this becomes what it serves.
SKIN = {
    "ratio": {"$type": "number", "whole": {"$value": 2}, "half": {"$value": 0.5}, "zero": {"$value": 0}},
    "color": {"$type": "color", "tint": {"$value": "#3366ff"}},
    "size": {"corner": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}},
}


class OFREPProviderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = LiveryProcess()
        try:
            status = cls.server.post("/v1/skins/demo/versions", json.dumps(SKIN))
            assert status == 201, f"publish answered {status}"
            api.set_provider(OFREPProvider(cls.server.base))
            cls.client = api.get_client()
        except BaseException:
            cls.server.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        api.shutdown()
        cls.server.stop()

    def context(self):
        return EvaluationContext(targeting_key="install-1", attributes={"platform": "android", "appVersion": "3.2.1"})

    def test_a_whole_number_token_reads_as_a_float(self):
        details = self.client.get_float_details("ratio.whole", -1.0, self.context())
        self.assertIsNone(details.error_code, details.error_message)
        self.assertEqual(details.value, 2.0)
        self.assertIsInstance(details.value, float)
        self.assertEqual(self.client.get_float_value("ratio.zero", -1.0, self.context()), 0.0)
        self.assertEqual(self.client.get_float_value("ratio.half", -1.0, self.context()), 0.5)

    def test_other_types_read_as_before(self):
        self.assertEqual(self.client.get_string_value("color.tint", "", self.context()), "#3366ffff")
        self.assertEqual(self.client.get_object_value("size.corner", {}, self.context()), {"unit": "px", "value": 8})
        missing = self.client.get_float_details("ratio.nope", -1.0, self.context())
        self.assertEqual((missing.value, missing.error_code), (-1.0, ErrorCode.FLAG_NOT_FOUND))


if __name__ == "__main__":
    unittest.main()
