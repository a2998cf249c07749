"""Names, ids and keys of provinces, seas and the map, and territories (named, coloured
groups of provinces; membership lives in the territory, as in the file)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app import i18n
from editor.topology.model import LIST_KEYS, Edit, Territory, TopologyError, TopoModel, Txn


def update_province(
    m: TopoModel,
    pid: str,
    name: str | None = None,
    attrs: Mapping[str, Any] | None = None,
    new_id: str | None = None,
) -> Edit:
    """Rename, re-id or set attributes of a province; an attribute set to None is removed."""
    if pid not in m.provinces:
        raise TopologyError(i18n._("there is no province {pid}").format(pid=repr(pid)))
    prov = m.provinces[pid]
    merged = dict(prov.attrs)
    for k, v in (attrs or {}).items():
        if k in ("id", "name", "polygon", "holes"):
            raise TopologyError(i18n._("{k} is not an attribute").format(k=repr(k)))
        if v is None:
            merged.pop(k, None)
        else:
            merged[k] = v
    with Txn(m, "edit province") as txn:
        new = replace(prov, name=prov.name if name is None else name, attrs=merged)
        if new_id is not None and new_id != pid:
            if not new_id or new_id in m.provinces or new_id in m.seas:
                raise TopologyError(
                    i18n._("the id {new_id} is empty or already used").format(new_id=repr(new_id))
                )
            order = [new_id if k == pid else k for k in m.provinces]
            txn.set_province(pid, None)
            txn.set_province(new_id, replace(new, id=new_id))
            m.provinces = {k: m.provinces[k] for k in order}
            txn.set_territories(
                replace(t, provinces=tuple(new_id if p == pid else p for p in t.provinces))
                for t in m.territories
            )
            return txn.commit(new_id)
        txn.set_province(pid, new)
        return txn.commit(pid)


def update_sea(m: TopoModel, sid: str, name: str | None = None) -> Edit:
    """Rename a sea."""
    if sid not in m.seas:
        raise TopologyError(i18n._("there is no sea {sid}").format(sid=repr(sid)))
    with Txn(m, "edit sea") as txn:
        sea = m.seas[sid]
        txn.set_sea(sid, replace(sea, name=sea.name if name is None else name))
        return txn.commit(sid)


def update_meta(m: TopoModel, changes: Mapping[str, Any]) -> Edit:
    """Set map-level keys (name, size, extent, game, attributes, ...); None removes one."""
    meta = dict(m.meta)
    for k, v in changes.items():
        if k in LIST_KEYS:
            raise TopologyError(
                i18n._("{k} is edited through its own operations").format(k=repr(k))
            )
        if v is None:
            meta.pop(k, None)
        else:
            meta[k] = v
    with Txn(m, "edit map") as txn:
        txn.set_meta(meta)
        return txn.commit()


def add_territory(m: TopoModel, tid: str, name: str | None = None, colour: str = "#cccccc") -> Edit:
    """Create an empty territory."""
    if not tid or any(t.id == tid for t in m.territories):
        raise TopologyError(
            i18n._("the territory id {tid} is empty or already used").format(tid=repr(tid))
        )
    with Txn(m, "add territory") as txn:
        txn.set_territories((*m.territories, Territory(tid, name or tid, colour)))
        return txn.commit(tid)


def update_territory(
    m: TopoModel,
    tid: str,
    name: str | None = None,
    colour: str | None = None,
    new_id: str | None = None,
) -> Edit:
    """Rename, recolour or re-id a territory.

    A new id follows everywhere the old one is named: provinces that say
    `territory: <id>` in their own keys say the new id.
    """
    t = m.territory(tid)
    if new_id is not None and new_id != tid:
        if not new_id or any(o.id == new_id for o in m.territories):
            raise TopologyError(
                i18n._("the territory id {new_id} is empty or already used").format(
                    new_id=repr(new_id)
                )
            )
        if any(c.isspace() for c in new_id):
            raise TopologyError(
                i18n._("the territory id {new_id} may not contain spaces").format(
                    new_id=repr(new_id)
                )
            )
    new = replace(
        t,
        id=new_id or tid,
        name=t.name if name is None else name,
        colour=t.colour if colour is None else colour,
    )
    with Txn(m, "edit territory") as txn:
        txn.set_territories(new if o.id == tid else o for o in m.territories)
        if new.id != tid:
            for pid, prov in list(m.provinces.items()):
                if prov.attrs.get("territory") == tid:
                    attrs = {**prov.attrs, "territory": new.id}
                    txn.set_province(pid, replace(prov, attrs=attrs))
        return txn.commit(new.id)


def remove_territory(m: TopoModel, tid: str) -> Edit:
    """Delete a territory (its provinces belong to none afterwards)."""
    m.territory(tid)
    with Txn(m, "remove territory") as txn:
        txn.set_territories(t for t in m.territories if t.id != tid)
        return txn.commit(tid)


def assign(m: TopoModel, pid: str, tid: str | None) -> Edit:
    """Put a province into a territory (None: into none); it leaves its old one."""
    if pid not in m.provinces:
        raise TopologyError(i18n._("there is no province {pid}").format(pid=repr(pid)))
    with Txn(m, "assign territory") as txn:
        assign_in(m, txn, pid, tid)
        return txn.commit(tid)


def assign_in(m: TopoModel, txn: Txn, pid: str, tid: str | None) -> None:
    """Inside an operation: put `pid` into territory `tid` (None: none), out of its old one."""
    if tid is not None:
        m.territory(tid)
    txn.set_territories(
        replace(
            t,
            provinces=(
                t.provinces + ((pid,) if pid not in t.provinces else ())
                if t.id == tid
                else tuple(p for p in t.provinces if p != pid)
            ),
        )
        for t in m.territories
    )
