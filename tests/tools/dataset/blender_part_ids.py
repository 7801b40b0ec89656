"""Renders the part id of every pixel of a sample's .glb (outputs.scene: glb) with Blender, for
the test that compares them with railyard's masks (scene_glb_blender_test.cpp).

    blender -b --factory-startup --python-exit-code 1 -P blender_part_ids.py -- \
        --glb scenes/0_m_train.glb --out ids.u32 [--preview ids.png] [--beauty beauty.png]

Imports the .glb with Blender's own glTF importer, takes the glb's camera and the resolution in
its extras, and gives every object an emission of strength equal to its node's part_id (extras,
imported as a custom property) in a black world. Cycles then renders one sample per pixel, which
it takes at the pixel's centre, as railyard's id pass does; the EXR's red channel is the id.
Writes the ids as little-endian uint32, rows from the top. --beauty also renders the scene as
imported (its materials and lights, 64 samples) for a person to compare with railyard's image.
"""

import argparse
import sys

import bpy
import numpy as np

TAG = "railyard-part-ids"


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    parser = argparse.ArgumentParser(prog="blender_part_ids.py")
    parser.add_argument("--glb", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--preview")
    parser.add_argument("--beauty")
    return parser.parse_args(argv)


def import_glb(path):
    # Debian 12's Blender 3.4.1 glTF importer uses np.bool, which NumPy 1.24 removed.
    if "bool" not in np.__dict__:
        np.bool = bool
    bpy.ops.object.select_all(action="SELECT")
    bpy.ops.object.delete()
    bpy.ops.import_scene.gltf(filepath=path)


def use_glb_camera(scene):
    cameras = [o for o in scene.objects if o.type == "CAMERA"]
    if len(cameras) != 1:
        sys.exit(f"{TAG}-error the glb holds {len(cameras)} cameras, not 1")
    scene.camera = cameras[0]
    data = cameras[0].data
    scene.render.resolution_x = data["width"]
    scene.render.resolution_y = data["height"]
    scene.render.resolution_percentage = 100
    return data["width"], data["height"]


def render_exr(scene, path):
    scene.render.image_settings.file_format = "OPEN_EXR"
    scene.render.image_settings.color_depth = "32"
    bpy.ops.render.render()
    bpy.data.images["Render Result"].save_render(path, scene=scene)
    image = bpy.data.images.load(path)
    w, h = image.size
    rgba = np.array(image.pixels[:], dtype=np.float32).reshape(h, w, 4)
    bpy.data.images.remove(image)
    return rgba[::-1]  # Blender's rows run from the bottom


def configure_cycles(scene, samples):
    scene.render.engine = "CYCLES"
    cycles = scene.cycles
    cycles.device = "CPU"
    cycles.samples = samples
    cycles.use_adaptive_sampling = False
    cycles.use_denoising = False
    cycles.seed = 0
    scene.view_settings.view_transform = "Standard"
    scene.view_settings.look = "None"
    scene.render.film_transparent = False


def emit_part_ids(scene):
    """Each mesh object emits its part id; the world emits nothing."""
    world = bpy.data.worlds.new("black")
    world.use_nodes = True
    world.node_tree.nodes["Background"].inputs["Strength"].default_value = 0.0
    scene.world = world
    materials = {}
    for obj in scene.objects:
        if obj.type != "MESH":
            continue
        part = int(obj.get("part_id", -1))
        if part < 0:
            sys.exit(f"{TAG}-error object {obj.name} has no part_id")
        if part not in materials:
            material = bpy.data.materials.new(f"part_{part}")
            material.use_nodes = True
            nodes = material.node_tree.nodes
            nodes.clear()
            emission = nodes.new("ShaderNodeEmission")
            emission.inputs["Color"].default_value = (1.0, 1.0, 1.0, 1.0)
            emission.inputs["Strength"].default_value = float(part)
            output = nodes.new("ShaderNodeOutputMaterial")
            material.node_tree.links.new(emission.outputs[0], output.inputs["Surface"])
            materials[part] = material
        # Linked to the object: the glb shares mesh data between instances of different parts.
        for slot in obj.material_slots:
            slot.link = "OBJECT"
            slot.material = materials[part]


def render_ids(scene, width, height):
    configure_cycles(scene, 1)
    # One sample: Cycles puts the first at the pixel's centre. Emission alone, no bounces.
    scene.cycles.max_bounces = 0
    scene.cycles.pixel_filter_type = "BOX"
    scene.cycles.filter_width = 0.01
    scene.view_settings.view_transform = "Raw"
    emit_part_ids(scene)
    rgba = render_exr(scene, bpy.app.tempdir + "ids.exr")
    ids = np.rint(rgba[..., 0]).astype(np.int64)
    if ids.shape != (height, width) or np.abs(rgba[..., 0] - ids).max() > 1e-3:
        sys.exit(f"{TAG}-error the id render is not whole numbers of {width}x{height}")
    return ids.astype("<u4")


def write_png(path, rgb):
    h, w, _ = rgb.shape
    image = bpy.data.images.new("railyard_png", w, h, alpha=False)
    image.pixels[:] = np.concatenate([rgb[::-1], np.ones((h, w, 1))], axis=-1).ravel()
    image.filepath_raw, image.file_format = path, "PNG"
    image.save()
    bpy.data.images.remove(image)


def preview(ids):
    """Each id a colour of its own, for a person to look at."""
    rng = np.random.default_rng(1)
    palette = rng.uniform(0.2, 1.0, size=(int(ids.max()) + 1, 3))
    palette[0] = 0.0
    return palette[ids]


def srgb_encode(linear):
    linear = np.clip(linear, 0.0, 1.0)
    return np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * linear ** (1 / 2.4) - 0.055)


def render_beauty(scene, path):
    """The glb's materials and lights as imported, in a world of the sky's horizon colour (the
    scene's extras): a picture to compare with railyard's, not a match of it."""
    world = bpy.data.worlds.new("sky")
    world.use_nodes = True
    horizon = scene["world"]["sky"]["horizon"]
    world.node_tree.nodes["Background"].inputs["Color"].default_value = (*horizon, 1.0)
    scene.world = world
    configure_cycles(scene, 64)
    scene.cycles.max_bounces = 8
    write_png(path, srgb_encode(render_exr(scene, bpy.app.tempdir + "beauty.exr")[..., :3]))


def main():
    args = parse_args()
    import_glb(args.glb)
    scene = bpy.context.scene
    width, height = use_glb_camera(scene)
    if args.beauty:
        render_beauty(scene, args.beauty)
    ids = render_ids(scene, width, height)
    ids.tofile(args.out)
    if args.preview:
        write_png(args.preview, preview(ids))
    print(TAG, f"{width}x{height}", "ids", sorted(set(np.unique(ids).tolist())), flush=True)


main()
