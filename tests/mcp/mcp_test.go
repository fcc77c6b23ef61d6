package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	ae "github.com/contractgen/contractgen/generated/agenterror"
)

// toSDK turns the generated plain-JSON tool result into the SDK's type. The SDK decodes content
// blocks itself; structured content and _meta are set as raw JSON so the SDK sends our bytes.
func toSDK(t *testing.T, r *ae.MCPToolResult) *mcp.CallToolResult {
	t.Helper()
	wire, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var res mcp.CallToolResult
	if err := json.Unmarshal(wire, &res); err != nil {
		t.Fatalf("the SDK cannot read the generated result %s: %v", wire, err)
	}
	res.StructuredContent = r.StructuredContent
	res.Meta = mcp.Meta{}
	for k, v := range r.Meta {
		res.Meta[k] = v
	}
	return &res
}

// connect starts an in-memory server with the given tool handler and returns a connected client.
func connect(t *testing.T, handler mcp.ToolHandler) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "contractgen-test", Version: "v0.0.1"}, nil)
	server.AddTool(&mcp.Tool{Name: "deploy", InputSchema: json.RawMessage(`{"type":"object"}`)}, handler)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "contractgen-client", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// canonicalOf re-encodes any decoded JSON value through the generated type.
func canonicalOf(t *testing.T, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var e ae.AgentError
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	out, err := e.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestToolFailureThroughTheSDK has a tool fail with a generated error and reads it with the SDK's
// client: isError, the text block, structuredContent and _meta all carry the object.
func TestToolFailureThroughTheSDK(t *testing.T) {
	yes := true
	sent := ae.NewToolError("The deploy tool exited with status 2.", ae.WithTool("deploy"),
		ae.WithSafety(ae.SafetyHints{ReadOnlyHint: &yes}), ae.WithEvidence(map[string]any{"exit": 2}))
	want, err := sent.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		r, err := ae.ToMCPToolResult(sent)
		if err != nil {
			return nil, err
		}
		return toSDK(t, r), nil
	})
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "deploy", Arguments: map[string]any{}})
	if err != nil {
		t.Fatalf("a tool failure arrived as a protocol error: %v", err)
	}
	if !res.IsError {
		t.Error("isError is not set")
	}
	if len(res.Content) != 1 {
		t.Fatalf("%d content blocks, want 1", len(res.Content))
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok || text.Text != string(want) {
		t.Errorf("text block %#v, want the object's JSON %s", res.Content[0], want)
	}
	if got := canonicalOf(t, res.StructuredContent); string(got) != string(want) {
		t.Errorf("structuredContent re-encodes to %s, want %s", got, want)
	}
	if got := canonicalOf(t, res.Meta[ae.MCPMetaKey]); string(got) != string(want) {
		t.Errorf("_meta[%s] re-encodes to %s, want %s", ae.MCPMetaKey, got, want)
	}
	wire, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var plain ae.MCPToolResult
	if err := json.Unmarshal(wire, &plain); err != nil {
		t.Fatal(err)
	}
	back, ok := ae.FromMCPToolResult(&plain)
	if !ok || back.Kind != ae.KindToolError || back.Recovery.SameArguments != ae.SameArgumentsConditional {
		t.Errorf("read back %+v (found %v)", back, ok)
	}
}

// TestWrappedUpstreamThroughTheSDK sends a wrapped upstream failure and checks the block order the
// SDK client sees.
func TestWrappedUpstreamThroughTheSDK(t *testing.T) {
	upstream := &ae.MCPToolResult{IsError: true, Content: []json.RawMessage{
		json.RawMessage(`{"type":"text","text":"upstream line one"}`),
		json.RawMessage(`{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}`),
	}, StructuredContent: json.RawMessage(`{"code":"E42"}`)}
	e := ae.NewUpstreamError("The upstream tool failed.", ae.WithUpstream("remote"))
	cs := connect(t, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		r, err := ae.WrapMCPToolResult(e, upstream)
		if err != nil {
			return nil, err
		}
		return toSDK(t, r), nil
	})
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "deploy", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || len(res.Content) != 3 {
		t.Fatalf("isError %v with %d blocks, want true with 3", res.IsError, len(res.Content))
	}
	first, ok := res.Content[0].(*mcp.TextContent)
	own, _ := e.MarshalJSON()
	if !ok || first.Text != string(own) {
		t.Errorf("first block %#v, want the diagnostic", res.Content[0])
	}
	if second, ok := res.Content[1].(*mcp.TextContent); !ok || second.Text != "upstream line one" {
		t.Errorf("second block %#v, want the upstream text", res.Content[1])
	}
	if img, ok := res.Content[2].(*mcp.ImageContent); !ok || img.MIMEType != "image/png" {
		t.Errorf("third block %#v, want the upstream image", res.Content[2])
	}
	structured, _ := res.StructuredContent.(map[string]any)
	if up, _ := structured["upstream_structured_content"].(map[string]any); up["code"] != "E42" {
		t.Errorf("structuredContent %v lacks the upstream's structured content", res.StructuredContent)
	}
}

// TestProtocolErrorThroughTheSDK returns the JSON-RPC form as a protocol error and checks that the
// SDK client receives the code and the data intact.
func TestProtocolErrorThroughTheSDK(t *testing.T) {
	for _, sent := range []*ae.AgentError{
		ae.NewUnknownTool("No tool named deploy2 exists.", ae.WithTool("deploy2")),
		ae.NewInternalError("The runtime failed."),
	} {
		want, _ := sent.MarshalJSON()
		cs := connect(t, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			obj, err := ae.ToJSONRPC(sent)
			if err != nil {
				return nil, err
			}
			return nil, &jsonrpc.Error{Code: int64(obj.Code), Message: obj.Message, Data: obj.Data}
		})
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "deploy", Arguments: map[string]any{}})
		var wire *jsonrpc.Error
		if !errors.As(err, &wire) {
			t.Fatalf("%s: want a JSON-RPC error, got %v", sent.Kind, err)
		}
		if wire.Code != int64(ae.JSONRPCCode(sent)) {
			t.Errorf("%s: code %d, want %d", sent.Kind, wire.Code, ae.JSONRPCCode(sent))
		}
		if string(wire.Data) != string(want) {
			t.Errorf("%s: data %s, want %s", sent.Kind, wire.Data, want)
		}
		back, err := ae.FromJSONRPC(&ae.JSONRPCError{Code: int(wire.Code), Message: wire.Message, Data: wire.Data})
		if err != nil || back.Kind != sent.Kind {
			t.Errorf("%s: read back %+v, %v", sent.Kind, back, err)
		}
	}
}
