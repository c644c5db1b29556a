# Writes Assets/Scenarios/stack-<rule>-<style>.scenario.json: one stacked scenario per rule (system, push, switch,
# replace, nested) and style, each in light and dark. Run: python3 scripts/stack-scenarios.py Assets/Scenarios
import json, sys, os
out = sys.argv[1]
def config(style, rule):
    lower = {
        "style": style,
        "detents": ["medium", "large"],
        "initialDetent": "medium",
        "dismissible": False,
        "dimming": {"largestUndimmedDetent": "medium"},
        "stackBehavior": rule,
        "content": [
            {"type": "title", "text": "Saved places"},
            {"type": "list", "rows": [
                {"icon": "P", "iconColor": "systemGreen", "title": "Riverside Park", "detail": "Park · 400 m", "action": "present", "sheet": "detail"},
                {"icon": "M", "iconColor": "systemPink", "title": "City Museum", "detail": "Museum · 650 m", "action": "present", "sheet": "detail"},
                {"icon": "C", "iconColor": "systemBrown", "title": "Café Lumen", "detail": "Coffee · 120 m", "action": "present", "sheet": "detail"},
                {"icon": "S", "iconColor": "systemBlue", "title": "Union Station", "detail": "Transit · 900 m", "action": "present", "sheet": "detail"}
            ]}
        ]
    }
    upper = {
        "style": style,
        "detents": [{"id": "card", "height": 300}, "large"],
        "initialDetent": "card",
        "stackBehavior": rule,
        "content": [
            {"type": "title", "text": "Riverside Park"},
            {"type": "text", "text": "Park · 400 m · Open until 22:00"},
            {"type": "button", "title": "Directions", "style": "filled"},
            {"type": "button", "title": "Close", "style": "tinted", "action": "dismiss"}
        ]
    }
    return {"device": "iphone-15", "background": {"scene": "map"}, "sheet": lower, "sheets": {"detail": upper}}

for rule in ["system", "push", "switch", "replace", "nested"]:
    for style in ["glass", "classic"]:
        steps = [{"at": 100, "present": "detail"}]
        snaps = [{"at": 100 + 120, "name": "presenting"}, {"at": 1500, "name": "presented"}]
        if rule in ("system", "push", "switch", "nested"):
            steps += [{"at": 1600, "dismiss": True}]
            snaps += [{"at": 1600 + 120, "name": "dismissing"}]
        if rule in ("system", "nested"):
            steps += [{"at": 3000, "select": "large"}, {"at": 4000, "present": "detail"}]
            snaps += [{"at": 4000 + 120, "name": "large-presenting"}, {"at": 5400, "name": "large-presented"}]
        scen = {"config": config(style, rule), "scale": 1,
                "settings": [{"appearance": ["light", "dark"]}],
                "script": {"steps": steps}, "snapshots": snaps}
        with open(os.path.join(out, f"stack-{rule}-{style}.scenario.json"), "w") as f:
            json.dump(scen, f, indent=2, ensure_ascii=False)
            f.write("\n")
