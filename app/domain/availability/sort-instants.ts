// Linear-time sort for instants, so that the engine's cost stays linear in
// bookings + busy intervals (docs/decisions/0004). V8's built-in typed-array
// sort grows much faster than n log n here (Node 20: 700 values 22 us, 7,000
// values 590 us), while bookings and busy time spread over the range fill
// equal-width buckets evenly.

// Below this the built-in sort is as fast and allocates nothing.
const SMALL = 64
// A bucket this full is sorted by the built-in sort instead of insertion
// sort, so clustered input degrades to n log n, never to n squared.
const INSERTION_MAX = 32

// Sorts `values` ascending in place and returns it: a counting pass into as
// many equal-width buckets as values, a scatter, then a sort inside each
// bucket (usually zero to a few values).
export function sortInstants(values: Float64Array): Float64Array {
  const count = values.length
  if (count < SMALL) return values.sort()
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (let index = 0; index < count; index++) {
    const value = values[index]
    if (value < min) min = value
    if (value > max) max = value
  }
  // Equal values are sorted already; NaN or infinities go to the built-in sort.
  if (min === max) return values
  if (!Number.isFinite(max - min)) return values.sort()

  const last = count - 1
  const scale = count / (max - min)
  const bucketOf = new Uint32Array(count)
  const bounds = new Uint32Array(count + 1)
  for (let index = 0; index < count; index++) {
    // Non-negative and below 2^31, so `| 0` floors it.
    const bucket = Math.min(last, ((values[index] - min) * scale) | 0)
    bucketOf[index] = bucket
    bounds[bucket + 1]++
  }
  for (let bucket = 0; bucket < count; bucket++) bounds[bucket + 1] += bounds[bucket]
  const next = bounds.slice(0, count)
  const sorted = new Float64Array(count)
  for (let index = 0; index < count; index++) sorted[next[bucketOf[index]]++] = values[index]

  for (let bucket = 0; bucket < count; bucket++) {
    const from = bounds[bucket]
    const to = bounds[bucket + 1]
    if (to - from > INSERTION_MAX) sorted.subarray(from, to).sort()
    else insertionSort(sorted, from, to)
  }
  values.set(sorted)
  return values
}

function insertionSort(values: Float64Array, from: number, to: number): void {
  for (let index = from + 1; index < to; index++) {
    const value = values[index]
    let position = index - 1
    while (position >= from && values[position] > value) {
      values[position + 1] = values[position]
      position--
    }
    values[position + 1] = value
  }
}
