"""The Qt application and the `daimyo` command."""
