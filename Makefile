# The two commands of the README: `make demo` and `make test`.
# Both set up what they need on a fresh machine (Debian, as root).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Debian packages the tests use: a real IMAP server, GnuPG, a real PostgreSQL.
SYSTEM_PACKAGES := dovecot-imapd dovecot-lmtpd gnupg postgresql chromium
# What the demo needs: GnuPG, to sign the game master's mail and verify it.
DEMO_PACKAGES := gnupg

.PHONY: demo test lint venv system-packages demo-packages install-packages benchmark clean

demo: $(STAMP) demo-packages
	$(BIN)/judge demo $(ARGS)

test: $(STAMP) system-packages
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check judge

venv: $(STAMP)

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# Installs the Debian packages the integration tests need, when any is missing.
system-packages:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(SYSTEM_PACKAGES)"

demo-packages:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEMO_PACKAGES)"

install-packages:
	@missing=""; for p in $(PACKAGES); do \
		dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

benchmark: $(STAMP)
	$(BIN)/python benchmarks/adjudicate.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
