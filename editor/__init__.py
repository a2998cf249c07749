"""The Qt map editor; its editing operations live in the Qt-free `editor.topology`."""
