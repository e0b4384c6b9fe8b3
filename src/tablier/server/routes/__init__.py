"""The server's own HTTP and WebSocket routes, one router per area.

`tablier.server.app.create_app` builds the shared state and includes these routers;
a route reaches that state through the small dependency functions of `state.py`.
"""
