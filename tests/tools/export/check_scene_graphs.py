"""Loads a scene_graphs.jsonl with networkx, as a user would, and checks every graph's node and
edge counts, edge types, and that all nodes (and all edges) carry the same keys, as
torch_geometric.utils.from_networkx requires.

Usage: check_scene_graphs.py GRAPHS.jsonl EXPECTED.jsonl
EXPECTED has one line per graph: {"id", "nodes", "edges", "types": {edge type: count}}.
"""
import collections
import json
import sys

import networkx


def main(graphs_path, expected_path):
    with open(graphs_path) as f:
        graphs = [networkx.node_link_graph(json.loads(line)) for line in f]
    with open(expected_path) as f:
        expected = [json.loads(line) for line in f]
    failures = []
    if len(graphs) != len(expected):
        failures.append(f"{len(graphs)} graphs, expected {len(expected)}")
    for graph, want in zip(graphs, expected):
        name = graph.graph.get("id")
        if name != want["id"]:
            failures.append(f"graph {name}: expected {want['id']}")
        if not graph.is_directed():
            failures.append(f"{name}: not directed")
        if graph.number_of_nodes() != want["nodes"]:
            failures.append(f"{name}: {graph.number_of_nodes()} nodes, expected {want['nodes']}")
        if graph.number_of_edges() != want["edges"]:
            failures.append(f"{name}: {graph.number_of_edges()} edges, expected {want['edges']}")
        types = collections.Counter(t for _, _, t in graph.edges(data="type"))
        if dict(types) != want["types"]:
            failures.append(f"{name}: edge types {dict(types)}, expected {want['types']}")
        if len({frozenset(d) for _, d in graph.nodes(data=True)}) != 1:
            failures.append(f"{name}: nodes with different keys")
        if len({frozenset(d) for _, _, d in graph.edges(data=True)}) != 1:
            failures.append(f"{name}: edges with different keys")
    for failure in failures[:20]:
        print(failure)
    print(f"{len(graphs)} graphs, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
