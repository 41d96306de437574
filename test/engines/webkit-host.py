#!/usr/bin/python3
"""A WebKitGTK browser for WebKitWebDriver: one window of an exact size (MiniBrowser cannot be
narrower than 447 px), geolocation asked for is granted and answered with a fixed position (neither
WebDriver nor MiniBrowser can set one), a user script run before the page's own scripts, and an
HTTP cache on disk as Safari has (an ephemeral session has none), in the folder `--data` names (its
starter makes and removes it).

WebKitWebDriver starts it through the `webkitgtk:browserOptions` capability (binary, args), as
  /usr/bin/python3 webkit-host.py --automation --width=360 --height=740 \
      --position=LAT,LONG,ACCURACY --script=FILE --data=FOLDER
(test/engines/engines.ts). Debian packages: python3-gi, gir1.2-webkit2-4.1 (README "The two
commands").
"""

import argparse
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--automation", action="store_true")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--position", default="53.7962,-1.5471,15")
    parser.add_argument("--script")
    # The folder for the cache and data, made and removed by whoever starts the browser: the
    # browser is ended by a signal that leaves no time to remove it here.
    parser.add_argument("--data", required=True)
    # WebKitWebDriver may add arguments of its own: they are not ours to refuse.
    options, _ = parser.parse_known_args()
    return options


def main():
    options = parse_arguments()
    latitude, longitude, accuracy = (float(part) for part in options.position.split(","))
    data = options.data
    manager = WebKit2.WebsiteDataManager(
        base_cache_directory=f"{data}/cache", base_data_directory=f"{data}/data"
    )
    context = WebKit2.WebContext.new_with_website_data_manager(manager)
    context.set_automation_allowed(options.automation)

    def answer_position(manager):
        position = WebKit2.GeolocationPosition.new(latitude, longitude, accuracy)
        GLib.idle_add(lambda: manager.update_position(position) and False)
        return True

    context.get_geolocation_manager().connect("start", answer_position)

    content = WebKit2.UserContentManager()
    if options.script:
        with open(options.script, encoding="utf-8") as source:
            content.add_script(
                WebKit2.UserScript.new(
                    source.read(),
                    WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                    WebKit2.UserScriptInjectionTime.START,
                    None,
                    None,
                )
            )

    windows = []

    def new_view():
        view = WebKit2.WebView(
            web_context=context,
            user_content_manager=content,
            is_controlled_by_automation=options.automation,
        )
        # Xvfb has no GPU: composited layers drawn by software GL cost CPU and show nothing more
        # (the walk of every page took 84 CPU-seconds without them, 98 with).
        view.get_settings().set_hardware_acceleration_policy(
            WebKit2.HardwareAccelerationPolicy.NEVER
        )
        view.connect("permission-request", lambda _view, request: request.allow() or True)
        window = Gtk.Window()
        window.set_decorated(False)
        window.set_default_size(options.width, options.height)
        window.add(view)
        window.connect("destroy", lambda _window: closed(window))
        window.show_all()
        windows.append(window)
        return view

    def closed(window):
        windows.remove(window)
        if not windows:
            Gtk.main_quit()

    first = [new_view()]

    def automation_started(_context, session):
        info = WebKit2.ApplicationInfo.new()
        info.set_name("fm-webkit-host")
        info.set_version(1, 0, 0)
        session.set_application_info(info)
        # The first view WebDriver asks for is the window already open; later ones are new.
        session.connect("create-web-view", lambda _session: first.pop() if first else new_view())

    context.connect("automation-started", automation_started)
    Gtk.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
