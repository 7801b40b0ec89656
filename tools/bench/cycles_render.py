"""Renders a scene exported by `railyard bench pathtrace` (scene.glb + scene.json, see
tools/bench/cycles_export.h) with Blender Cycles on the CPU and prints timings.

    blender -b --factory-startup --python-exit-code 1 --python cycles_render.py -- \
        --glb scene.glb --json scene.json --out-dir DIR --samples 16 64 [--bounces 20] [--seed 0]

Imports once, renders one 1-sample warm-up frame (scene sync, BVH build, kernel set-up), then one
timed frame per sample count, keeping the scene between renders (persistent data) as our own
benchmark keeps its mesh BVHs after its warm-up frame. Only the render call is timed; each frame
is then written as DIR/cycles_<spp>.png through our view transform. Every figure is one line
`railyard-cycles {json}` on standard output.
"""

import argparse
import ctypes
import json
import math
import os
import sys
import time

import bpy
import mathutils

TAG = "railyard-cycles"


def report(**fields):
    # Blender's own progress lines sit in C stdio's buffer when stdout is a pipe; flushing it
    # first keeps them before our line, so a reader can tell which render they belong to.
    ctypes.CDLL(None).fflush(None)
    print(TAG, json.dumps(fields), flush=True)


def patch_numpy_for_gltf_importer():
    """Debian 12's Blender 3.4.1 glTF importer uses np.bool, which NumPy 1.24 removed."""
    try:
        import numpy
    except ImportError:
        sys.exit(f"{TAG}-error the glTF importer needs NumPy: apt-get install python3-numpy")
    if "bool" not in numpy.__dict__:
        numpy.bool = bool


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    parser = argparse.ArgumentParser(prog="cycles_render.py")
    parser.add_argument("--glb", required=True)
    parser.add_argument("--json", required=True)
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--samples", type=int, nargs="+", required=True)
    parser.add_argument("--bounces", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args(argv)


def clear_scene():
    bpy.ops.object.select_all(action="SELECT")
    bpy.ops.object.delete()
    for block in (bpy.data.meshes, bpy.data.materials, bpy.data.lights, bpy.data.cameras):
        for item in list(block):
            block.remove(item)


def add_camera(scene, cam):
    data = bpy.data.cameras.new("railyard_camera")
    # Our field of view is horizontal; fitting the sensor to the width makes Blender's match.
    data.sensor_fit = "HORIZONTAL"
    if cam["lens"] == "pinhole":
        data.angle = math.radians(cam["horizontal_fov_deg"])
    else:
        data.type = "PANO"
        # Blender 3.x keeps the panorama settings on the camera; older ones under .cycles.
        holder = data if hasattr(data, "panorama_type") else data.cycles
        holder.panorama_type = "FISHEYE_EQUIDISTANT"
        holder.fisheye_fov = math.radians(cam["horizontal_fov_deg"])
    data.clip_start = cam["near"]
    data.clip_end = cam["far"]
    obj = bpy.data.objects.new("railyard_camera", data)
    # Both conventions look down local -Z with +Y up, and the glTF import restores our Z-up world.
    obj.matrix_world = mathutils.Matrix(cam["camera_to_world"])
    scene.collection.objects.link(obj)
    scene.camera = obj


def add_sun(scene, sun):
    irradiance = sun["irradiance"]
    strength = max(irradiance)
    data = bpy.data.lights.new("railyard_sun", "SUN")
    # A Cycles sun's strength is its irradiance (W/m^2) on a surface facing it, as ours is.
    data.energy = strength
    data.color = [c / strength for c in irradiance] if strength > 0 else (1, 1, 1)
    data.angle = 2.0 * math.radians(sun["angular_radius_deg"])  # Blender's is the diameter
    obj = bpy.data.objects.new("railyard_sun", data)
    # A sun lamp shines along its local -Z: point local +Z at the sun.
    direction = mathutils.Vector(sun["direction"]).normalized()
    obj.rotation_euler = direction.to_track_quat("Z", "Y").to_euler()
    scene.collection.objects.link(obj)


def rgba(c):
    return (c[0], c[1], c[2], 1.0)


def add_world(scene, sky, background):
    """renderer/sky_radiance.h as nodes: horizon->zenith by sqrt(z) above the horizon, horizon->
    ground within 0.02 of z below it. Camera rays that miss see the flat background if any."""
    world = bpy.data.worlds.new("railyard_world")
    scene.world = world
    world.use_nodes = True
    nodes, links = world.node_tree.nodes, world.node_tree.links
    nodes.clear()
    coords = nodes.new("ShaderNodeTexCoord")
    xyz = nodes.new("ShaderNodeSeparateXYZ")
    links.new(coords.outputs["Generated"], xyz.inputs[0])

    def math_node(op, a, b=None):
        node = nodes.new("ShaderNodeMath")
        node.operation = op
        node.use_clamp = op == "DIVIDE"
        for i, v in enumerate((a, b)):
            if v is None:
                continue
            if isinstance(v, (int, float)):
                node.inputs[i].default_value = v
            else:
                links.new(v, node.inputs[i])
        return node.outputs[0]

    z = xyz.outputs["Z"]
    t = math_node("SQRT", math_node("MAXIMUM", z, 0.0))
    g = math_node("DIVIDE", math_node("MULTIPLY", z, -1.0), 0.02)  # clamped to [0,1]
    up = nodes.new("ShaderNodeMixRGB")
    links.new(t, up.inputs["Fac"])
    up.inputs["Color1"].default_value = rgba(sky["horizon"])
    up.inputs["Color2"].default_value = rgba(sky["zenith"])
    down = nodes.new("ShaderNodeMixRGB")
    links.new(g, down.inputs["Fac"])
    links.new(up.outputs[0], down.inputs["Color1"])
    down.inputs["Color2"].default_value = rgba(sky["ground"])
    sky_light = nodes.new("ShaderNodeBackground")
    links.new(down.outputs[0], sky_light.inputs["Color"])
    output = nodes.new("ShaderNodeOutputWorld")
    if background is None:
        links.new(sky_light.outputs[0], output.inputs["Surface"])
        return
    flat = nodes.new("ShaderNodeBackground")
    flat.inputs["Color"].default_value = rgba(background)
    path = nodes.new("ShaderNodeLightPath")
    mix = nodes.new("ShaderNodeMixShader")
    links.new(path.outputs["Is Camera Ray"], mix.inputs["Fac"])
    links.new(sky_light.outputs[0], mix.inputs[1])
    links.new(flat.outputs[0], mix.inputs[2])
    links.new(mix.outputs[0], output.inputs["Surface"])


def add_patterns(patterns):
    """Approximates renderer/pattern.h: Blender's checker exactly, our sand by Blender noise."""
    for p in patterns:
        material = bpy.data.materials.get(p["material"])
        bsdf = material and material.node_tree.nodes.get("Principled BSDF")
        if bsdf is None:
            print(f"{TAG}-warning no material {p['material']} for its pattern", flush=True)
            continue
        nodes, links = material.node_tree.nodes, material.node_tree.links
        base = tuple(bsdf.inputs["Base Color"].default_value)
        position = nodes.new("ShaderNodeNewGeometry").outputs["Position"]
        if p["kind"] == "checker":
            tex = nodes.new("ShaderNodeTexChecker")
            tex.inputs["Scale"].default_value = 1.0 / p["scale_m"]  # squares of 1/scale
            tex.inputs["Color1"].default_value = base
            tex.inputs["Color2"].default_value = rgba(p["color"])
            links.new(position, tex.inputs["Vector"])
        else:
            noise = nodes.new("ShaderNodeTexNoise")
            noise.inputs["Scale"].default_value = 1.0 / p["scale_m"]
            links.new(position, noise.inputs["Vector"])
            tex = nodes.new("ShaderNodeMixRGB")
            links.new(noise.outputs["Fac"], tex.inputs["Fac"])
            tex.inputs["Color1"].default_value = base
            tex.inputs["Color2"].default_value = rgba(p["color"])
        links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])


def srgb_encode(linear):
    import numpy as np
    linear = np.clip(linear, 0.0, 1.0)
    return np.where(linear <= 0.0031308, 12.92 * linear,
                    1.055 * np.power(linear, 1.0 / 2.4) - 0.055)


def write_tone_mapped_png(scene, tone, path):
    """The last render through renderer/tone.h's exposure and curve, as our PNGs are made.
    Like Blender's Standard view transform, which our tone.h follows, it clips; it runs after the
    timed render, on each pixel's average (ours maps each sample)."""
    import numpy as np
    settings = scene.render.image_settings
    settings.file_format, settings.color_depth = "OPEN_EXR", "32"
    bpy.data.images["Render Result"].save_render(path + ".exr", scene=scene)
    linear = bpy.data.images.load(path + ".exr")
    w, h = linear.size
    rgba = np.array(linear.pixels[:], dtype=np.float32).reshape(h, w, 4)
    rgb = np.maximum(rgba[..., :3] * tone["exposure"], 0.0)
    out = bpy.data.images.new("railyard_tone_mapped", w, h, alpha=False)
    out.pixels[:] = np.concatenate([srgb_encode(rgb), np.ones((h, w, 1))], axis=-1).ravel()
    out.filepath_raw, out.file_format = path, "PNG"
    out.save()
    for image in (linear, out):
        bpy.data.images.remove(image)
    os.remove(path + ".exr")


def configure_cycles(scene, cam, args):
    scene.render.engine = "CYCLES"
    cycles = scene.cycles
    cycles.device = "CPU"
    cycles.use_adaptive_sampling = False
    cycles.use_denoising = False
    cycles.seed = args.seed
    # V-LoL's setting: up to 20 bounces of any kind, as our path tracer's --bounces.
    for name in ("max_bounces", "diffuse_bounces", "glossy_bounces", "transmission_bounces",
                 "transparent_max_bounces"):
        setattr(cycles, name, args.bounces)
    cycles.pixel_filter_type = "BLACKMAN_HARRIS"
    cycles.filter_width = 1.5
    render = scene.render
    render.resolution_x = cam["width"]
    render.resolution_y = cam["height"]
    render.resolution_percentage = 100
    render.use_persistent_data = True  # keep the BVH between the timed frames
    render.film_transparent = False
    render.use_compositing = False
    # The EXR holds linear radiance; write_tone_mapped_png does the rest as ours does.
    scene.view_settings.view_transform = "Standard"
    scene.view_settings.look = "None"


def render(scene, samples):
    """Seconds of the render call alone; Blender prints its own figure after it (' Time: ...')."""
    scene.cycles.samples = samples
    scene.update_tag()  # else a persistent-data render keeps the previous sample count
    start = time.perf_counter()
    bpy.ops.render.render()
    return time.perf_counter() - start


def main():
    args = parse_args()
    with open(args.json) as f:
        sidecar = json.load(f)
    scene = bpy.context.scene
    start = time.perf_counter()
    clear_scene()
    patch_numpy_for_gltf_importer()
    bpy.ops.import_scene.gltf(filepath=args.glb)
    add_camera(scene, sidecar["camera"])
    add_sun(scene, sidecar["sun"])
    add_world(scene, sidecar["sky"], sidecar["background_color"])
    add_patterns(sidecar["patterns"])
    configure_cycles(scene, sidecar["camera"], args)
    report(event="import", seconds=time.perf_counter() - start,
           blender=bpy.app.version_string, threads=scene.render.threads)
    report(event="warm_up", seconds=render(scene, 1))
    for samples in args.samples:
        image = f"{args.out_dir}/cycles_{samples}.png"
        seconds = render(scene, samples)
        write_tone_mapped_png(scene, sidecar["tone"], image)
        report(event="frame", samples=samples, render_s=seconds, image=image)


main()
