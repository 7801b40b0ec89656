#include "tools/lib/export/scene_graph.h"

#include "logic/vocabulary.h"
#include "tools/lib/export/export_options.h"
#include "tools/lib/export/json_text.h"
#include "tools/lib/records/formats/part_tree.h"

namespace railyard::exports {
namespace {

std::array<int, 4> box_array(const PixelBox& box) {
  return {box.x, box.y, box.width, box.height};
}

// The example's part tree; a part that does not fit the train is an ExportError naming both.
PartTree index_parts(const Example& example, const std::string& id) {
  try {
    return part_tree(example.train.train, example.parts);
  } catch (const PartTreeError& e) {
    throw ExportError("example " + id + ": " + e.what());
  }
}

class GraphWriter {
 public:
  GraphWriter(std::string& out, const Example& example) : out_(out), image_(example.image) {}

  // Opens a node and writes its fields up to attributes, whose object the caller writes next.
  void begin_node(std::string_view id, std::string_view kind, std::string_view label, int car,
                  int payload) {
    out_.append(first_node_ ? "{\"id\":" : ",{\"id\":");
    first_node_ = false;
    append_json_string(out_, id);
    out_.append(",\"kind\":\"").append(kind).append("\",\"label\":");
    append_json_string(out_, label);
    out_.append(",\"car\":");
    append_json_number(out_, std::int64_t{car});
    out_.append(",\"payload\":");
    append_json_number(out_, std::int64_t{payload});
    out_.append(",\"attributes\":");
  }

  // Closes a node with its image reference, boxes, area and world centre (zeros without part).
  void end_node(const PartRecord* part) {
    static const PartRecord kNone;
    const PartRecord& p = part != nullptr ? *part : kNone;
    out_.append(",\"part_id\":");
    append_json_number(out_, std::int64_t{p.id});
    out_.append(",\"image\":");
    append_json_string(out_, image_);
    out_.append(",\"box\":");
    append_json_array(out_, box_array(p.region.visible_box));
    out_.append(",\"amodal_box\":");
    append_json_array(out_, box_array(p.region.full_box));
    out_.append(",\"area\":");
    append_json_number(out_, static_cast<std::int64_t>(p.region.area));
    out_.append(",\"world\":");
    append_json_array(out_, std::array<float, 3>{p.centre.x, p.centre.y, p.centre.z});
    out_ += '}';
  }

  // A part node with no attributes of its own, and the edge from its car (or train).
  void part(std::string_view owner, std::string_view id, std::string_view kind, int car,
            int payload, const PartRecord& annotation, std::string_view edge_type) {
    begin_node(id, kind, annotation.label, car, payload);
    out_.append("{}");
    end_node(&annotation);
    edge(owner, id, edge_type);
  }

  void edge(std::string_view source, std::string_view target, std::string_view type) {
    edges_.append(edges_.empty() ? "{\"source\":" : ",{\"source\":");
    append_json_string(edges_, source);
    edges_.append(",\"target\":");
    append_json_string(edges_, target);
    edges_.append(",\"type\":\"").append(type).append("\"}");
  }

  const std::string& edges() const { return edges_; }

 private:
  std::string& out_;
  std::string_view image_;
  std::string edges_;
  bool first_node_ = true;
};

void append_car_attributes(std::string& out, const Car& car) {
  constexpr Vocabulary kT = Vocabulary::Trains;
  out.append("{\"position\":").append(std::to_string(car.position));
  out.append(",\"color\":\"").append(name(kT, car.shape));
  out.append("\",\"length\":\"").append(name(kT, car.length));
  out.append("\",\"wall\":\"").append(name(kT, car.wall));
  out.append("\",\"roof\":\"").append(name(kT, car.roof));
  out.append("\",\"wheels\":").append(std::to_string(car.axles));
  out.append(",\"load_shape\":\"")
      .append(car.load_count == 0 ? std::string_view("none") : name(kT, car.load_shape));
  out.append("\",\"load_count\":").append(std::to_string(car.load_count)).append("}");
}

void append_graph_header(std::string& out, const Example& example, const std::string& id) {
  out.append("{\"directed\":true,\"multigraph\":false,\"graph\":{\"id\":");
  append_json_string(out, id);
  out.append(",\"index\":").append(std::to_string(example.index)).append(",\"split\":");
  append_json_string(out, example.split);
  out.append(",\"label\":\"").append(name(example.train.label)).append("\",\"image\":");
  append_json_string(out, example.image);
  out.append("},\"nodes\":[");
}

}  // namespace

void append_scene_graph(std::string& out, const Example& example) {
  std::string id = example_id(example);
  const Train& train = example.train.train;
  PartTree scene = index_parts(example, id);
  append_graph_header(out, example, id);

  GraphWriter graph(out, example);
  graph.begin_node(id, "train", name(example.train.label), 0, -1);
  out.append("{\"num_cars\":").append(std::to_string(train.cars.size())).append("}");
  graph.end_node(nullptr);
  if (scene.locomotive != nullptr)
    graph.part(id, id + "_loco", "locomotive", 0, -1, *scene.locomotive, "has_locomotive");

  std::string car_id, part_id;
  for (std::size_t k = 0; k < train.cars.size(); ++k) {
    const Car& car = train.cars[k];
    const CarPartTree& parts = scene.cars[k];
    car_id = id + "_c" + std::to_string(car.position);
    std::string_view colour = name(Vocabulary::Trains, car.shape);
    graph.begin_node(car_id, "car", parts.body ? std::string_view(parts.body->label) : colour,
                     car.position, -1);
    append_car_attributes(out, car);
    graph.end_node(parts.body);
    graph.edge(id, car_id, "has_car");
    if (k > 0) graph.edge(id + "_c" + std::to_string(car.position - 1), car_id, "infront");
    if (parts.wall)
      graph.part(car_id, car_id + "_wall", "wall", car.position, -1, *parts.wall, "has_wall");
    if (parts.roof)
      graph.part(car_id, car_id + "_roof", "roof", car.position, -1, *parts.roof, "has_roof");
    if (parts.wheels)
      graph.part(car_id, car_id + "_wheels", "wheels", car.position, -1, *parts.wheels,
                 "has_wheels");
    for (std::size_t j = 0; j < parts.payloads.size(); ++j) {
      if (parts.payloads[j] == nullptr) continue;
      part_id = car_id + "_l" + std::to_string(j + 1);
      graph.part(car_id, part_id, "load", car.position, static_cast<int>(j), *parts.payloads[j],
                 "has_load");
    }
  }
  out.append("],\"edges\":[").append(graph.edges()).append("],\"links\":[");
  out.append(graph.edges()).append("]}\n");
}

}  // namespace railyard::exports
