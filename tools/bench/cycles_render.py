"""Renders a scene exported by `railyard bench pathtrace` (scene.glb + scene.json, see
tools/bench/cycles_export.h) with Blender Cycles on the CPU and prints timings.

    blender -b --factory-startup --python-exit-code 1 --python cycles_render.py -- \
        --glb scene.glb --json scene.json --out-dir DIR --samples 16 64 [--bounces 20] [--seed 0]
        [--reference 4096 --reference-exr FILE]

Imports once, renders one 1-sample warm-up frame (scene sync, BVH build, kernel set-up), then one
timed frame per sample count, keeping the scene between renders (persistent data) as our own
benchmark keeps its mesh BVHs after its warm-up frame. Only the render call is timed; each frame
is then written as DIR/cycles_<spp>.exr (linear radiance) and DIR/cycles_<spp>.png through our
view transform. With --reference, one more frame of that many samples, with seed + 1, is written
to --reference-exr: the converged picture the equal-quality figure measures errors against
(tools/bench/pathtrace_quality.h). Every figure is one line `railyard-cycles {json}` on standard
output.
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
    parser.add_argument("--reference", type=int, default=0)
    parser.add_argument("--reference-exr")
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


def add_lamps(scene, lamps):
    """renderer/scene.h's point lights. Their intensity is W/sr on the lamp's axis: a facing lamp
    becomes a tiny one-sided area lamp (on-axis intensity = power / pi, cosine falloff, nothing
    behind), any other a point lamp of zero radius (intensity = power / (4 pi))."""
    for i, lamp in enumerate(lamps):
        intensity = lamp["intensity"]
        strength = max(intensity)
        facing = lamp["facing"]
        kind = "AREA" if facing is not None else "POINT"
        data = bpy.data.lights.new(f"railyard_lamp_{i}", kind)
        data.energy = strength * (math.pi if facing is not None else 4.0 * math.pi)
        data.color = [c / strength for c in intensity] if strength > 0 else (1, 1, 1)
        if facing is not None:
            data.shape, data.size = "SQUARE", 0.01
        else:
            data.shadow_soft_size = 0.0
        obj = bpy.data.objects.new(f"railyard_lamp_{i}", data)
        obj.location = lamp["position"]
        if facing is not None:  # an area lamp emits along its local -Z
            axis = -mathutils.Vector(facing).normalized()
            obj.rotation_euler = axis.to_track_quat("Z", "Y").to_euler()
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


class NodeMath:
    """Arithmetic on shader node sockets, to write renderer/pattern.h's formulas as nodes."""

    def __init__(self, tree):
        self.nodes, self.links = tree.nodes, tree.links

    def _node(self, kind, op, args, constant):
        node = self.nodes.new(kind)
        node.operation = op
        for i, v in enumerate(args):
            if isinstance(v, (int, float, tuple)):
                node.inputs[i].default_value = constant(v)
            else:
                self.links.new(v, node.inputs[i])
        return node

    def s(self, op, *args):  # scalar
        return self._node("ShaderNodeMath", op, args, float).outputs[0]

    def v(self, op, *args):  # vector; a number stands for (n, n, n)
        def constant(x):
            return x if isinstance(x, tuple) else (x, x, x)
        return self._node("ShaderNodeVectorMath", op, args, constant).outputs["Vector"]

    def xyz(self, vector):
        node = self.nodes.new("ShaderNodeSeparateXYZ")
        self.links.new(vector, node.inputs[0])
        return node.outputs["X"], node.outputs["Y"]

    def mix(self, a, b, t):  # a + (b - a) t
        return self.s("ADD", a, self.s("MULTIPLY", self.s("SUBTRACT", b, a), t))

    def lattice(self, cell):
        """A random value in [0, 1) per integer lattice point (Blender's hash, not ours: the same
        distribution and frequencies, other values)."""
        node = self.nodes.new("ShaderNodeTexWhiteNoise")
        node.noise_dimensions = "2D"
        self.links.new(cell, node.inputs["Vector"])
        return node.outputs["Value"]

    def value_noise(self, q):
        """pattern.h's value_noise: lattice values blended by smoothstep weights."""
        cell = self.v("FLOOR", q)
        f = self.v("SUBTRACT", q, cell)
        wx, wy = self.xyz(self.v("MULTIPLY", self.v("MULTIPLY", f, f),
                                 self.v("SUBTRACT", 3.0, self.v("MULTIPLY", f, 2.0))))
        corner = [self.lattice(self.v("ADD", cell, (dx, dy, 0.0))) for dy in (0, 1) for dx in (0, 1)]
        return self.mix(self.mix(corner[0], corner[1], wx), self.mix(corner[2], corner[3], wx), wy)

    def sand(self, position, scale):
        """pattern.h's sand: three octaves of value noise and ripples bent by them."""
        q = self.v("MULTIPLY", position, (1.0 / scale, 1.0 / scale, 0.0))
        octaves = [(0.5, 1.0, 0.0), (0.25, 2.03, 17.0), (0.125, 4.01, 41.0)]
        n = 0.0
        for weight, frequency, offset in octaves:
            octave = self.value_noise(self.v("ADD", self.v("MULTIPLY", q, frequency),
                                             (offset, offset, 0.0)))
            n = self.s("ADD", n, self.s("MULTIPLY", octave, weight / 0.875))
        qx, qy = self.xyz(q)
        phase = self.s("ADD", self.s("ADD", self.s("MULTIPLY", qx, 0.8),
                                     self.s("MULTIPLY", qy, 0.6)), self.s("MULTIPLY", n, 1.5))
        ripple = self.s("ADD", 0.5, self.s("MULTIPLY", 0.5,
                                           self.s("SINE", self.s("MULTIPLY", phase, 2 * math.pi))))
        sand = self.s("ADD", self.s("MULTIPLY", n, 0.65),
                      self.s("MULTIPLY", self.s("MULTIPLY", ripple, ripple), 0.35))
        clamp = self.nodes.new("ShaderNodeClamp")
        self.links.new(sand, clamp.inputs["Value"])
        return clamp.outputs["Result"]


def add_patterns(patterns):
    """renderer/pattern.h as nodes: the checker exactly, the sand with the same formula over
    Blender's lattice hash, so both renderers show a texture of the same detail."""
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
            tex = nodes.new("ShaderNodeMixRGB")
            links.new(NodeMath(material.node_tree).sand(position, p["scale_m"]),
                      tex.inputs["Fac"])
            tex.inputs["Color1"].default_value = base
            tex.inputs["Color2"].default_value = rgba(p["color"])
        links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])


def srgb_encode(linear):
    import numpy as np
    linear = np.clip(linear, 0.0, 1.0)
    return np.where(linear <= 0.0031308, 12.92 * linear,
                    1.055 * np.power(linear, 1.0 / 2.4) - 0.055)


def save_linear_exr(scene, path):
    """The last render's linear radiance as 32-bit float OpenEXR."""
    settings = scene.render.image_settings
    settings.file_format, settings.color_depth = "OPEN_EXR", "32"
    settings.exr_codec = "ZIP"
    bpy.data.images["Render Result"].save_render(path, scene=scene)


def write_tone_mapped_png(tone, exr, path):
    """A linear render through renderer/tone.h's exposure and curve, as our PNGs are made: like
    Blender's Standard view transform, which our tone.h follows, it clips each pixel's mean."""
    import numpy as np
    linear = bpy.data.images.load(exr)
    w, h = linear.size
    rgba = np.array(linear.pixels[:], dtype=np.float32).reshape(h, w, 4)
    rgb = np.maximum(rgba[..., :3] * tone["exposure"], 0.0)
    out = bpy.data.images.new("railyard_tone_mapped", w, h, alpha=False)
    out.pixels[:] = np.concatenate([srgb_encode(rgb), np.ones((h, w, 1))], axis=-1).ravel()
    out.filepath_raw, out.file_format = path, "PNG"
    out.save()
    for image in (linear, out):
        bpy.data.images.remove(image)


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
    # Blender's defaults, written out: our path tracer clamps the same way (integrator.h).
    cycles.sample_clamp_direct, cycles.sample_clamp_indirect = 0.0, 10.0
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
    add_lamps(scene, sidecar.get("point_lights", []))
    add_world(scene, sidecar["sky"], sidecar["background_color"])
    add_patterns(sidecar["patterns"])
    configure_cycles(scene, sidecar["camera"], args)
    report(event="import", seconds=time.perf_counter() - start,
           blender=bpy.app.version_string, threads=scene.render.threads)
    report(event="warm_up", seconds=render(scene, 1))
    for samples in args.samples:
        image, exr = f"{args.out_dir}/cycles_{samples}.png", f"{args.out_dir}/cycles_{samples}.exr"
        seconds = render(scene, samples)
        save_linear_exr(scene, exr)
        write_tone_mapped_png(sidecar["tone"], exr, image)
        report(event="frame", samples=samples, render_s=seconds, image=image, exr=exr)
    if args.reference > 0:
        scene.cycles.seed = args.seed + 1
        seconds = render(scene, args.reference)
        save_linear_exr(scene, args.reference_exr)
        report(event="reference", samples=args.reference, render_s=seconds,
               exr=args.reference_exr)


main()
