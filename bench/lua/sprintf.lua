-- sprintf: the Lua twin of bench/sprintf.gol (string.format with the same verbs)
local n = tonumber(arg[1]) or 500000
local names = {"alpha", "beta", "gamma", "delta"}
local total, last = 0, ""
for i = 0, n - 1 do
  local s = string.format("%s-%d: %5.2f [%x] %q %s", names[i % 4 + 1], i, i / 7, i * 31,
    names[(i + 1) % 4 + 1], tostring(i % 3 == 0))
  total = total + #s
  last = s
end
print(total .. " " .. last)
