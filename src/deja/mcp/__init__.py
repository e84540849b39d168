"""The MCP server (a thin front): start holds what `deja mcp` needs before the SDK is imported
(name, instructions, the stdio loop's start), server the tools. Empty on purpose."""
