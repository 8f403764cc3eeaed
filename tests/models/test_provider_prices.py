"""Prices (issues 14 and 20): sources and dates, names with prefixes and suffixes, the
genai-prices dataset behind fixloop's table, unknown models, and validated overrides."""

from __future__ import annotations

import json
import re

import pytest

from fixloop.errors import ConfigError
from fixloop.models import make_model, price_known
from fixloop.models.pricing import (
    PRICES,
    DatasetPrice,
    PriceSpec,
    cost_usd,
    dataset_lookup,
    load_prices,
    lookup,
    name_variants,
)

USAGE = {
    "input_tokens": 12_000,
    "output_tokens": 3_000,
    "cache_read_input_tokens": 40_000,
    "cache_creation_input_tokens": 5_000,
}


def test_every_built_in_price_names_its_source_and_date() -> None:
    for model, price in PRICES.items():
        assert price.source.startswith(("https://", "OpenAI's")), model
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", price.checked), model
        if price.long_prompt is not None:
            assert price.long_prompt.source and price.long_prompt.checked, model


@pytest.mark.parametrize(
    "name",
    [
        "claude-sonnet-5-5",
        "claude-sonnet-5-5@20261001",  # Vertex
        "anthropic/claude-sonnet-5.5",  # a router, with a dotted version
        "claude-sonnet-5.5",
        "claude-sonnet-5-5-20261001",  # a dated snapshot
    ],
)
def test_prefixed_and_suffixed_names_resolve(name: str) -> None:
    assert lookup(name) is PRICES["claude-sonnet-5-5"]


def test_openai_names_resolve() -> None:
    assert lookup("openai/gpt-5.5-2026-04-23") is PRICES["gpt-5.5"]
    assert lookup("gpt-5-5") is PRICES["gpt-5.5"]
    assert list(name_variants("gpt-5-5")) == ["gpt-5-5", "gpt-5.5"]


def test_bedrock_ids_get_bedrocks_own_price() -> None:
    regional = lookup("us.anthropic.claude-sonnet-5-5-20261001-v1:0")
    assert isinstance(regional, DatasetPrice) and regional.provider_id == "aws"
    assert "genai-prices" in regional.source and "aws" in regional.source
    # Bedrock's regional endpoints bill 10% over the first-party price
    first_party = PRICES["claude-sonnet-5-5"].cost(USAGE)
    assert regional.cost(USAGE) == pytest.approx(first_party * 1.1)
    assert lookup("global.anthropic.claude-sonnet-5-5-v1:0").cost(USAGE) == pytest.approx(
        first_party
    )
    assert lookup("anthropic.claude-sonnet-5-5-20261001-v1:0").cost(USAGE) == pytest.approx(
        first_party * 1.1
    )


def test_dataset_reads_fixloops_usage_categories_right() -> None:
    # where both agree on the rates, the dataset's cost must equal the table's, cache included
    for model in ("claude-opus-5-5", "gpt-5.4", "claude-haiku-4-5"):
        found = dataset_lookup(model)
        assert found is not None and found.checked, model
        assert found.cost(USAGE) == pytest.approx(PRICES[model].cost(USAGE)), model


def test_dataset_fills_in_models_the_table_lacks() -> None:
    assert "claude-mythos-5-2" not in PRICES
    found = lookup("claude-mythos-5-2")
    assert isinstance(found, DatasetPrice) and found.cost(USAGE) > 0
    assert lookup("claude-mythos-5-2", dataset=False) is None


def test_unknown_model_has_no_price_and_never_crashes() -> None:
    assert lookup("qwen2.5-coder:14b") is None
    assert cost_usd("qwen2.5-coder:14b", USAGE) is None
    assert cost_usd("", USAGE) is None
    assert cost_usd("gpt-5", {"input_tokens": "junk", "output_tokens": None}) == 0.0


def test_user_override_wins_for_every_spelling() -> None:
    table = load_prices({"claude-sonnet-5-5": {"input": 1, "output": 1}}, env={})
    assert table.overridden == {"claude-sonnet-5-5"}
    for name in ("anthropic/claude-sonnet-5.5", "us.anthropic.claude-sonnet-5-5-v1:0"):
        price = lookup(name, table)
        assert price is not None and price.source == "user override", name
        assert price.cost({"input_tokens": 1_000_000}) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"input": "3", "output": 1}, "input"),  # a string is not a rate
        ({"input": True, "output": 1}, "input"),  # nor is a boolean
        ({"input": 1, "output": -1}, "output"),
        ({"input": 1}, "output"),
        ({"input": 1, "output": 1, "cache_reed": 0.1}, "cache_reed"),
        (
            {
                "input": 1,
                "output": 1,
                "long_prompt": {"threshold_tokens": "many", "input": 2, "output": 2},
            },
            "long_prompt.threshold_tokens",
        ),
        (
            {
                "input": 1,
                "output": 1,
                "long_prompt": {"threshold_tokens": 0, "input": 2, "output": 2},
            },
            "long_prompt.threshold_tokens",
        ),
        ({"input": 1, "output": 1, "long_prompt": {"input": 2, "output": 2}}, "threshold_tokens"),
    ],
)
def test_bad_overrides_are_clear_config_errors(spec: dict, words: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_prices({"my-model": spec}, env={})
    assert "prices['my-model']" in str(info.value) and words in str(info.value)


def test_bad_price_file_names_the_file(tmp_path) -> None:
    f = tmp_path / "prices.json"
    f.write_text(json.dumps({"m": {"input": "3", "output": 1}}))
    with pytest.raises(ConfigError, match=r"price file .*prices\.json: prices\['m'\]\.input"):
        load_prices(env={"FIXLOOP_PRICES_FILE": str(f)})


def test_good_override_with_long_prompt_tier() -> None:
    spec = {
        "input": 0.1,
        "output": 0.5,
        "long_prompt": {"threshold_tokens": 1000, "input": 1, "output": 5},
    }
    price = load_prices({"m": spec}, env={})["m"]
    assert price.long_prompt_threshold == 1000 and price.cache_read == 0.1
    assert price.cost({"input_tokens": 2000}) == pytest.approx(2000 * 1 / 1e6)
    assert PriceSpec.model_validate(spec).to_price(source="x").long_prompt.cache_write == 1


def test_price_known_before_a_run() -> None:
    env = {"OPENAI_API_KEY": "k"}
    gateway = "openai-compatible:team-model@https://gateway.example/v1"
    assert not price_known(make_model(gateway, env=env).model)
    priced = make_model(
        gateway, env=env, settings={"prices": {"team-model": {"input": 1, "output": 2}}}
    )
    assert price_known(priced.model)
    assert price_known(make_model("ollama:qwen2.5-coder", env={}).model)  # own hardware: free
    assert price_known(
        make_model("anthropic:claude-sonnet-5-5@20261001", env={"ANTHROPIC_API_KEY": "k"}).model
    )
    assert price_known(lambda system, messages, tools: {})  # bills nothing itself


@pytest.mark.parametrize("typo", ["claude-sonnet-4-5x", "claude-sonnet-4-5-typo", "gpt-4o-minix"])
def test_a_misspelled_name_gets_no_neighbours_price(typo: str) -> None:
    """genai-prices matches names by their start; a typo must stay unpriced (--max-cost refuses)."""
    assert lookup(typo) is None


@pytest.mark.parametrize(
    "name", ["claude-sonnet-4-5-20250929", "claude-opus-4-1@20250805", "gpt-4o-2024-08-06"]
)
def test_dated_names_still_get_the_datasets_price(name: str) -> None:
    assert isinstance(lookup(name, table={}), DatasetPrice)
