;; assoc-in with a 100,000-key path (native recursion per key: must not overflow the stack)
;; family: deep
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(count (str (assoc-in {} (vec (range 100000)) 1)))
