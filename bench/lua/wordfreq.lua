-- wordfreq: the Lua twin of bench/wordfreq.gol (io.lines, gmatch, a table)
local counts, total, distinct = {}, 0, 0
for line in io.lines(arg[1]) do
  for w in line:gmatch("%S+") do
    local c = counts[w]
    if c then counts[w] = c + 1 else counts[w] = 1; distinct = distinct + 1 end
    total = total + 1
  end
end
local words = {}
for w in pairs(counts) do words[#words + 1] = w end
table.sort(words, function(a, b)
  if counts[a] ~= counts[b] then return counts[a] > counts[b] end
  return a < b
end)
print(total .. " " .. distinct)
for i = 1, 5 do print(words[i] .. " " .. counts[words[i]]) end
