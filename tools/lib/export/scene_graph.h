// Scene graphs: one directed graph per example in networkx's node-link JSON, one graph per line
// of scene_graphs.jsonl, so that
//   [networkx.node_link_graph(json.loads(line)) for line in open("scene_graphs.jsonl")]
// loads a split, and torch_geometric.utils.from_networkx takes each graph as it is (every node
// has the same keys, and so has every edge). Edges are listed under both "edges" (read by
// networkx >= 3.6) and "links" (read by earlier versions, Debian 12's 2.8 among them).
//
// {"directed": true, "multigraph": false,
//  "graph": {"id": "t12", "index": 12, "split": "train", "label": "east", "image": "..."},
//  "nodes": [{"id", "kind", "label", "car", "payload", "attributes", "part_id", "image", "box",
//             "amodal_box", "area", "world"}, ...],
//  "edges": [{"source", "target", "type"}, ...], "links": [the same]}
//
// Nodes, in this order: the train (id t12, label east|west, attributes {num_cars}); the
// locomotive (t12_loco); per car the car (t12_c1, label its colour, attributes: position and its
// descriptors in V-LoL's Trains vocabulary), its wall (t12_c1_wall), roof (t12_c1_roof), wheels
// (t12_c1_wheels) and loads (t12_c1_l1, ...). Cars come from the train; the locomotive, walls,
// roofs, wheels and loads are the annotated parts, with their labels in the dataset's vocabulary
// (a car without a roof has no roof part). Rail parts are not train objects and are left out.
// box is the visible box, amodal_box the box of all the part's geometry, area its visible pixels,
// world its centre; part_id with image references its mask (the part-id image). A node without
// an annotated part (the train; a car whose body was not annotated) has part_id 0 and zeros.
// Edge types: has_locomotive, has_car (train to car), infront (car k to car k + 1), has_wall,
// has_roof, has_wheels, has_load (car to part).
#pragma once

#include <string>

#include "tools/lib/export/example.h"

namespace railyard::exports {

// Appends the example's graph as one line. Throws ExportError naming the example and part when a
// part names a car or load the train does not have, or two parts claim the same object.
void append_scene_graph(std::string& out, const Example& example);

}  // namespace railyard::exports
