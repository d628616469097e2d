-- concatkeys: the Lua twin of bench/concatkeys.gol
local n = tonumber(arg[1]) or 2000000
local words = {}
for i = 0, 31 do words[i] = "w" .. tostring(i * 37 % 101) end
local m = {}
for i = 0, n - 1 do
  local a = words[i % 32]
  local b = words[(i // 32) % 32]
  local c = words[(i * 7 // 1024) % 32]
  local k = a .. "-" .. b .. "-" .. c
  m[k] = (m[k] or 0) + 1
end
local count, total, longest = 0, 0, 0
for k, v in pairs(m) do
  count = count + 1
  total = total + v * #k
  if #k > longest then longest = #k end
end
print(string.format("%d %d %d %d", count, total, longest, m["w0-w37-w74"] or 0))
