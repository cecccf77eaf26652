/** How to read a reaction result, shared by the two reaction tools. */
export const REACTION_GUIDE = [
  "A reaction roll answers an attack or hazard: it generates neither Hope nor Fear, triggers no GM move and cannot be helped.",
  "`outcome` is CRITICAL_SUCCESS (Hope equals Fear: success whatever the total, and the character ignores effects that would have hit them even on a success; no Hope and no Stress cleared), SUCCESS (total >= difficulty) or FAILURE.",
  "`success` is true for both CRITICAL_SUCCESS and SUCCESS.",
].join(" ");
