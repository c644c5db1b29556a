# SheetLab: `make run` opens the app on its built-in default; `make test` runs every test.
# Both install the Debian packages they need first.

SWIFT ?= swift

.PHONY: run test deps build release clean

deps:
	@scripts/install-deps.sh

release: deps
	$(SWIFT) build -c release --product sheetlab

build: deps
	$(SWIFT) build

# Until the window lands (issue #4), `run` plays the demo script on the default config headless
# and prints what the sheet does, one JSON line per frame and event.
run: release
	.build/release/sheetlab simulate --config Assets/Examples/default.json --script Assets/Examples/demo.script.json

test: deps
	$(SWIFT) build
	$(SWIFT) test --disable-swift-testing

clean:
	rm -rf .build
