;; a program that tries to catch its limit error and carry on
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(loop [i 0]
  (try (loop [] (recur)) (catch Exception e nil))
  (recur (inc i)))
