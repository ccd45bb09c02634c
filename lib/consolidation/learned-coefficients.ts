// Written by bench/consolidation/fit-decision.ts --write (tuning halves only, leave-one-set-out thresholds); not edited by hand.
// (No type import: learned.ts imports this file and checks its shape.)

export const LEARNED_DECISION = {
  features: [
    "cosine",
    "jaccard",
    "charJaccard",
    "namesJaccard",
    "valuesDiffer",
    "valueChanged",
    "sharedValues",
    "lengthRatio",
    "polarityDiffers",
    "oppositePolarity",
    "replacementCue",
    "clauseDifference",
    "sameCategory",
    "chinese",
    "ruleMerge",
    "ruleSupersede",
  ],
  supersede: {
    mean: [
      0.680233, 0.254097, 0.090736, 0.196938, 0.562334, 0.040672, 0.027704, 0.789684, 0.170645, 0.001768, 0.06985, 0.212202, 0.634836, 0.495137, 0.076923,
      0.082228,
    ],
    scale: [
      0.131606, 0.250323, 0.182968, 0.273975, 0.496099, 0.197529, 0.094128, 0.187377, 0.376199, 0.042015, 0.254894, 0.280633, 0.481476, 0.499976, 0.266469,
      0.274712,
    ],
    weights: [
      0.582451, 0.306304, 0.026942, 0.273096, -0.008957, 0.400294, 0.175724, -0.454883, -0.027197, 0.080398, 0.337585, 0.233738, 0.27522, -0.287074, -0.343313,
      1.274807,
    ],
    bias: -3.78327,
    threshold: 0.214462,
  },
  merge: {
    mean: [
      0.680233, 0.254097, 0.090736, 0.196938, 0.562334, 0.040672, 0.027704, 0.789684, 0.170645, 0.001768, 0.06985, 0.212202, 0.634836, 0.495137, 0.076923,
      0.082228,
    ],
    scale: [
      0.131606, 0.250323, 0.182968, 0.273975, 0.496099, 0.197529, 0.094128, 0.187377, 0.376199, 0.042015, 0.254894, 0.280633, 0.481476, 0.499976, 0.266469,
      0.274712,
    ],
    weights: [
      0.424358, 0.127971, 0.130222, -0.038848, -0.590817, -0.17291, 0.32933, 0.088108, 0.295924, -0.071615, -0.163584, 0.23189, 0.5589, -0.137928, 1.245833,
      -0.289262,
    ],
    bias: -3.913813,
    threshold: 0.257464,
  },
};
