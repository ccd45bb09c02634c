export { extractMemories, ruleSuggestions } from "./extract";
export { detectCandidates, type Candidate } from "./detect";
export { nudgeText } from "./nudge";
export { runLlmExtraction, llmEnabled, LLM_SYSTEM_PROMPT } from "./llm";
export { storeSuggestions, type Suggestion } from "./store";
export { messageTexts } from "./texts";
export { usageToday } from "./usage";
