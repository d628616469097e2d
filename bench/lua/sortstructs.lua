-- sortstructs: the Lua twin of bench/sortstructs.gol (table.sort with a comparison function)
local n = tonumber(arg[1]) or 1000000
local people = {}
local seed = 12345
for i = 0, n - 1 do
  seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
  people[i + 1] = {name = "p" .. tostring((seed >> 8) % 50000), age = (seed >> 20) % 90, score = (i % 1000) / 10}
end
table.sort(people, function(a, b)
  if a.age ~= b.age then return a.age < b.age end
  return a.name < b.name
end)
local check = 0
for i = 0, n - 1, n // 100 do
  check = (check * 31 + people[i + 1].age + #people[i + 1].name) % 1000000007
end
print(string.format("%s %d %s %d %d", people[1].name, people[1].age, people[n].name, people[n].age, check))
