// Pass::PartSamples: every sample's part id, four 16-bit ids (below 2^16) to an RGBA16UI texel,
// a draw buffer per four samples from PART_SAMPLES_LOCATION on (part_sample_layers in
// renderer/opengl/render_targets.h). Programs built without PART_SAMPLES leave it out.
#ifdef PART_SAMPLES
const int PART_SAMPLE_LAYERS = (SAMPLES + 3) / 4;
layout(location = PART_SAMPLES_LOCATION) out uvec4 o_part_samples[PART_SAMPLE_LAYERS];

void write_part_samples(uint ids[SAMPLES]) {
  for (int i = 0; i < PART_SAMPLE_LAYERS; ++i) {
    uvec4 texel = uvec4(0u);
    for (int j = 0; j < 4 && 4 * i + j < SAMPLES; ++j) texel[j] = ids[4 * i + j];
    o_part_samples[i] = texel;
  }
}
#endif
